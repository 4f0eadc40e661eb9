#pragma once

#include "export/fbx_node_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::exporting {

// One property of a binary FBX node record: its type code and its encoded value as the file
// holds it (for arrays: count, encoding, byte length and the bytes, zlib-deflated when the
// encoding is 1).
struct FbxProperty {
    char type = 0; // Y C I F D L (scalars), S R (string, raw), f d l i b (arrays)
    std::string data;
};

// A node's properties; nullopt when the encoded records do not parse.
std::optional<std::vector<FbxProperty>> readProperties(const FbxNode& node);
void setProperties(FbxNode& node, const std::vector<FbxProperty>& properties);

std::optional<std::string> stringValue(const FbxProperty& p);   // S, R
std::optional<std::int64_t> integerValue(const FbxProperty& p); // Y, I, L
// 'd' and 'f' arrays as doubles, 'i' arrays as int32; nullopt for other types or bad bytes.
std::optional<std::vector<double>> realArray(const FbxProperty& p);
std::optional<std::vector<std::int32_t>> intArray(const FbxProperty& p);

FbxProperty stringProperty(std::string_view value);
FbxProperty doubleArrayProperty(const std::vector<double>& values);
FbxProperty floatArrayProperty(const std::vector<float>& values);
FbxProperty intArrayProperty(const std::vector<std::int32_t>& values);

// An object's "Name\x00\x01Class" property, split; nullopt without the separator.
struct FbxObjectName {
    std::string name;
    std::string objectClass;
};
std::optional<FbxObjectName> splitObjectName(std::string_view text);
std::string joinObjectName(std::string_view name, std::string_view objectClass);

} // namespace assetscope::exporting
