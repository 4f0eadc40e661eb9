# The portable tree and its TGZ (the portable preset; docs/portable.md says what and why), included
# from packaging/CMakeLists.txt when ASSETSCOPE_PORTABLE is on:
#   bin/          launchers (launcher.sh.in) that choose the C library a program runs with
#   libexec/      assetscope, assetscope-cli and a qt.conf naming ../plugins
#   lib/          every shared library the programs, the FBX module and the plugins load
#   lib/glibc/    the C library and its loader, used only where the system's is too old
#   lib/assetscope/libassetscope_fbx.so   found from libexec/ as from the DEB's /usr/bin
#   plugins/      Qt's platform, GL integration and input method plugins
# Qt 6.4's deployment API (qt_deploy_runtime_dependencies) has a tool only for Windows and macOS,
# so the libraries are gathered by CMake's file(GET_RUNTIME_DEPENDENCIES) in deploy.cmake.

# DT_RPATH, not the linker's default DT_RUNPATH: a RUNPATH serves only the object's own
# dependencies, an RPATH also theirs (Qt's libraries find freetype, xcb, ICU in lib/) and what Qt
# and the export code load with dlopen. Linked in, not rewritten at install, so the build has it.
foreach(program IN ITEMS assetscope assetscope-cli)
    set_target_properties(${program} PROPERTIES INSTALL_RPATH "$ORIGIN/../lib" BUILD_WITH_INSTALL_RPATH ON)
    set_property(TARGET ${program} APPEND PROPERTY LINK_OPTIONS "LINKER:--disable-new-dtags")
endforeach()
# lib/assetscope/ → lib/, where Assimp and its libraries are.
set_target_properties(assetscope_fbx PROPERTIES INSTALL_RPATH "$ORIGIN/.." BUILD_WITH_INSTALL_RPATH ON)
set_property(TARGET assetscope_fbx APPEND PROPERTY LINK_OPTIONS "LINKER:--disable-new-dtags")

# What the window needs of Qt's plugins: the X11 platform and its GL integrations for a desktop,
# offscreen for screenshots and headless runs, and the input methods (compose keys, IBus). No
# image format plugin: the window writes PNG only, which Qt Gui reads and writes itself. Named by
# file: Debian's Qt 6.4 defines no CMake targets for them without the XKB development files.
set(qt_plugins_dir ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_PLUGINS})
set(ASSETSCOPE_PORTABLE_QT_PLUGINS)
foreach(plugin IN ITEMS platforms/libqxcb.so platforms/libqoffscreen.so
                        xcbglintegrations/libqxcb-glx-integration.so
                        xcbglintegrations/libqxcb-egl-integration.so
                        platforminputcontexts/libcomposeplatforminputcontextplugin.so
                        platforminputcontexts/libibusplatforminputcontextplugin.so)
    if(NOT EXISTS ${qt_plugins_dir}/${plugin})
        message(FATAL_ERROR "ASSETSCOPE_PORTABLE: Qt's plugin ${qt_plugins_dir}/${plugin} is missing")
    endif()
    list(APPEND ASSETSCOPE_PORTABLE_QT_PLUGINS ${qt_plugins_dir}/${plugin})
endforeach()

# Runs after the programs and the module are installed (install rules run in the order they are
# declared, and this file is read after src/cli's, src/core's and src/app's).
install(CODE "
    set(ASSETSCOPE_DEPLOY_PROGRAMS \"${ASSETSCOPE_PROGRAM_DIR}/$<TARGET_FILE_NAME:assetscope>;${ASSETSCOPE_PROGRAM_DIR}/$<TARGET_FILE_NAME:assetscope-cli>\")
    set(ASSETSCOPE_DEPLOY_MODULE \"lib/assetscope/$<TARGET_FILE_NAME:assetscope_fbx>\")
    set(ASSETSCOPE_DEPLOY_QT_PLUGINS \"${ASSETSCOPE_PORTABLE_QT_PLUGINS}\")
    set(ASSETSCOPE_DEPLOY_OBJDUMP \"${CMAKE_OBJDUMP}\")
    set(ASSETSCOPE_DEPLOY_LAUNCHER \"${CMAKE_CURRENT_LIST_DIR}/launcher.sh.in\")
    include(\"${CMAKE_CURRENT_LIST_DIR}/deploy.cmake\")")

set(CPACK_GENERATOR TGZ)
# The archive holds one folder, assetscope-<version>-Linux-x86_64/, with the tree above.
set(CPACK_SYSTEM_NAME Linux-${CMAKE_SYSTEM_PROCESSOR})
set(CPACK_PACKAGING_INSTALL_PREFIX "")
set(CPACK_INCLUDE_TOPLEVEL_DIRECTORY ON)
