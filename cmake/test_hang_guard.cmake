# Hang guards, not time limits. What a test's code does is bounded by counts (nodes, pages,
# bytes read: tests/support/accounting); these only end a test that hangs. They sit far above any
# run on a loaded 2-core machine, and Qt Test's own per-function watchdog (5 minutes by default)
# is raised to the same, so a slow or shared machine cannot fail a test with no change to the code.
set(ASSETSCOPE_TEST_HANG_GUARD_SECONDS 2400)

# Applies the guard to every test declared so far in the calling directory.
function(assetscope_guard_tests_against_hangs)
    get_property(tests DIRECTORY PROPERTY TESTS)
    math(EXPR millis "${ASSETSCOPE_TEST_HANG_GUARD_SECONDS} * 1000")
    foreach(test IN LISTS tests)
        set_property(TEST ${test} PROPERTY TIMEOUT ${ASSETSCOPE_TEST_HANG_GUARD_SECONDS})
        set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT "QTEST_FUNCTION_TIMEOUT=${millis}")
    endforeach()
endfunction()
