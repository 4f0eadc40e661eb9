#include "formats/grub/nested_claimants.h"

#include <vector>

namespace assetscope::grub {

namespace {
std::vector<NestedClaimant>& claimants() {
    static std::vector<NestedClaimant> table;
    return table;
}
} // namespace

void addNestedClaimant(NestedClaimant claimant) {
    claimants().push_back(std::move(claimant));
}

std::span<const NestedClaimant> nestedClaimants() {
    return claimants();
}

} // namespace assetscope::grub
