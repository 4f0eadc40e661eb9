# Writes `PROGRAM --completion bash` to OUTPUT (a custom command has no portable redirection).
execute_process(COMMAND ${PROGRAM} --completion bash OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    file(REMOVE ${OUTPUT})
    message(FATAL_ERROR "${PROGRAM} --completion bash failed: ${result}")
endif()
