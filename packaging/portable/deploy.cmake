# Runs at install time (the install rule in portable.cmake sets ASSETSCOPE_DEPLOY_*): copies Qt's
# plugins and every shared library the programs, the FBX module and those plugins load into the
# installed tree, writes the qt.conf files and the launchers. The layout is in portable.cmake.
# An install script runs with CMake's oldest policies unless it asks for the project's.
cmake_policy(VERSION 3.25)
set(prefix "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")

# The C library's own files: they go to lib/glibc/, which only the bundled loader searches. In lib/
# the programs' RPATH would load them under the system's loader, which must match its libc exactly.
# All of them come along, not only those the programs name: a system library loaded at run time (a
# Mesa driver asks for libpthread.so.0) would otherwise pull the system's copy, made for the
# system's libc, next to the bundled one.
set(loader_name ld-linux-x86-64.so.2)
set(glibc_names
    ${loader_name} libc.so.6 libm.so.6 libmvec.so.1 libpthread.so.0 libdl.so.2 librt.so.1 libutil.so.1
    libanl.so.1 libresolv.so.2 libBrokenLocale.so.1 libnsl.so.1 libnss_compat.so.2 libnss_dns.so.2
    libnss_files.so.2 libnss_hesiod.so.2)

# Qt's plugins, each in the folder of its type (the name of the folder it comes from).
set(plugins)
foreach(source IN LISTS ASSETSCOPE_DEPLOY_QT_PLUGINS)
    get_filename_component(plugin_name "${source}" NAME)
    get_filename_component(plugin_type "${source}" DIRECTORY)
    get_filename_component(plugin_type "${plugin_type}" NAME)
    file(INSTALL "${source}" DESTINATION "${prefix}/plugins/${plugin_type}")
    list(APPEND plugins "${prefix}/plugins/${plugin_type}/${plugin_name}")
endforeach()

set(programs)
foreach(program IN LISTS ASSETSCOPE_DEPLOY_PROGRAMS)
    list(APPEND programs "${prefix}/${program}")
endforeach()
set(module "${prefix}/${ASSETSCOPE_DEPLOY_MODULE}")

# Debian's merged /usr makes /lib/x86_64-linux-gnu/x and /usr/lib/x86_64-linux-gnu/x two paths to
# one file: such a "conflict" is settled by the real path, a true one stops the install.
file(GET_RUNTIME_DEPENDENCIES
    EXECUTABLES ${programs}
    MODULES ${module} ${plugins}
    RESOLVED_DEPENDENCIES_VAR resolved
    UNRESOLVED_DEPENDENCIES_VAR unresolved
    CONFLICTING_DEPENDENCIES_PREFIX conflicting)
if(unresolved)
    message(FATAL_ERROR "portable: libraries not found: ${unresolved}")
endif()
foreach(name IN LISTS conflicting_FILENAMES)
    set(real_paths)
    foreach(path IN LISTS conflicting_${name})
        file(REAL_PATH "${path}" real)
        list(APPEND real_paths "${real}")
    endforeach()
    list(REMOVE_DUPLICATES real_paths)
    list(LENGTH real_paths count)
    if(NOT count EQUAL 1)
        message(FATAL_ERROR "portable: ${name} is found as different files: ${conflicting_${name}}")
    endif()
    list(GET conflicting_${name} 0 first)
    list(APPEND resolved "${first}")
endforeach()

# Each library is copied under the name the programs ask for (its soname), from the file that name
# links to on this system.
file(MAKE_DIRECTORY "${prefix}/lib/glibc")
set(deployed)
foreach(path IN LISTS resolved)
    get_filename_component(name "${path}" NAME)
    if(name IN_LIST glibc_names)
        set(destination "${prefix}/lib/glibc/${name}")
    else()
        set(destination "${prefix}/lib/${name}")
        list(APPEND deployed "${destination}")
    endif()
    file(REAL_PATH "${path}" source)
    if(NOT source STREQUAL destination)
        file(COPY_FILE "${source}" "${destination}" ONLY_IF_DIFFERENT)
    endif()
    if(name STREQUAL "libc.so.6")
        get_filename_component(glibc_dir "${path}" DIRECTORY)
    endif()
endforeach()
if(NOT glibc_dir)
    message(FATAL_ERROR "portable: libc.so.6 was not among the dependencies")
endif()
foreach(name IN LISTS glibc_names)
    if(NOT EXISTS "${prefix}/lib/glibc/${name}" AND EXISTS "${glibc_dir}/${name}")
        file(REAL_PATH "${glibc_dir}/${name}" source)
        file(COPY_FILE "${source}" "${prefix}/lib/glibc/${name}")
    endif()
endforeach()
# The loader is no DT_NEEDED of the programs (it is their PT_INTERP), so it comes from libc's.
if(NOT EXISTS "${prefix}/lib/glibc/${loader_name}")
    message(FATAL_ERROR "portable: the C library's loader ${loader_name} was not among the dependencies")
endif()
list(LENGTH deployed library_count)
message(STATUS "portable: ${library_count} libraries in lib/, the C library in lib/glibc/")

# The newest glibc symbol version anything outside lib/glibc/ asks for: the oldest system glibc a
# program can run with as it is. objdump -T lists an undefined symbol's required version.
set(glibc_needed_minor 0)
foreach(file IN LISTS programs module plugins deployed)
    execute_process(COMMAND "${ASSETSCOPE_DEPLOY_OBJDUMP}" -T "${file}" OUTPUT_VARIABLE symbols
                    RESULT_VARIABLE failed)
    if(failed)
        message(FATAL_ERROR "portable: ${ASSETSCOPE_DEPLOY_OBJDUMP} -T ${file} failed")
    endif()
    string(REGEX MATCHALL "GLIBC_2\\.[0-9]+" versions "${symbols}")
    foreach(version IN LISTS versions)
        string(REGEX REPLACE "^GLIBC_2\\." "" minor "${version}")
        if(minor GREATER glibc_needed_minor)
            set(glibc_needed_minor ${minor})
        endif()
    endforeach()
endforeach()
message(STATUS "portable: runs with the system's C library from glibc 2.${glibc_needed_minor}, with its own below")

# Qt finds its plugins through the qt.conf in the folder of /proc/self/exe: libexec/ when a program
# runs as it is, lib/glibc/ when it runs under the bundled loader (which is then that file).
file(WRITE "${prefix}/libexec/qt.conf" "[Paths]\nPrefix = ..\nPlugins = plugins\n")
file(WRITE "${prefix}/lib/glibc/qt.conf" "[Paths]\nPrefix = ../..\nPlugins = plugins\n")

set(ASSETSCOPE_GLIBC_NEEDED_MINOR ${glibc_needed_minor})
set(ASSETSCOPE_LOADER ${loader_name})
foreach(program IN LISTS ASSETSCOPE_DEPLOY_PROGRAMS)
    get_filename_component(ASSETSCOPE_PROGRAM "${program}" NAME)
    configure_file("${ASSETSCOPE_DEPLOY_LAUNCHER}" "${prefix}/bin/${ASSETSCOPE_PROGRAM}" @ONLY
                   FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                    WORLD_READ WORLD_EXECUTE)
endforeach()
