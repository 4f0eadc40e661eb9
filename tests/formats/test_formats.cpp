#include "test_formats.h"

#include "formats/registry.h"
#include "testrec/testrec_format.h"

namespace assetscope::test {

void addTestFormats() {
    static const bool added = [] {
        addFormatHandler(testrec::recordHandler(), testrec::recordSamples);
        return true;
    }();
    (void)added;
}

} // namespace assetscope::test
