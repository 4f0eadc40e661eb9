#pragma once

namespace assetscope::test {

// Registers the formats known only to the tests (tests/formats/<name>/), each with its samples:
// the registry line such a format needs. Call before any input is opened; a second call does
// nothing.
void addTestFormats();

} // namespace assetscope::test
