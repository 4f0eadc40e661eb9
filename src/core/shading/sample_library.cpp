#include "shading/sample_library.h"

namespace assetscope::shading::sample_library {

std::string environmentMaterial(std::string_view name) {
    return "Game:\\Media\\Materials\\Environment\\" + std::string(name) + ".materialbin";
}

std::string carMaterial(std::string_view name) {
    return "Game:\\Media\\Materials\\Cars\\" + std::string(name) + ".materialbin";
}

} // namespace assetscope::shading::sample_library
