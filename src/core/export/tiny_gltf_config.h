#pragma once

// tinygltf as the exporters use it: no image codecs (we write no textures), JSON through the
// nlohmann_json the core already links. Include this instead of <tiny_gltf.h>; the
// implementation is compiled once, in tiny_gltf_impl.cpp.
#ifndef TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE
#endif
#ifndef TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#endif
#ifndef TINYGLTF_NO_EXTERNAL_IMAGE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#endif

#include <tiny_gltf.h>
