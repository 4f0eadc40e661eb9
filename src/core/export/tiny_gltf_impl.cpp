// The one translation unit that compiles tinygltf's implementation.
#define TINYGLTF_IMPLEMENTATION
#include "export/tiny_gltf_config.h"
