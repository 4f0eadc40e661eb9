#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>

// Arithmetic on the array vectors (math::Vec3, the builders' float triples, double triples where
// a decoder wants the precision), written once. Every sum runs x, y, z in that order, so a
// result is the same bit for bit wherever it is computed.
namespace assetscope::math {

template <typename T, std::size_t N>
std::array<T, N> add(const std::array<T, N>& a, const std::array<T, N>& b) {
    std::array<T, N> out;
    for (std::size_t i = 0; i < N; ++i)
        out[i] = a[i] + b[i];
    return out;
}

template <typename T, std::size_t N>
std::array<T, N> sub(const std::array<T, N>& a, const std::array<T, N>& b) {
    std::array<T, N> out;
    for (std::size_t i = 0; i < N; ++i)
        out[i] = a[i] - b[i];
    return out;
}

// The scalar takes the vector's type (scaled(v, -1) on a float vector multiplies by -1.0f).
template <typename T, std::size_t N>
std::array<T, N> scaled(const std::array<T, N>& v, std::type_identity_t<T> s) {
    std::array<T, N> out;
    for (std::size_t i = 0; i < N; ++i)
        out[i] = v[i] * s;
    return out;
}

template <typename T, std::size_t N> T dot(const std::array<T, N>& a, const std::array<T, N>& b) {
    T sum = a[0] * b[0];
    for (std::size_t i = 1; i < N; ++i)
        sum += a[i] * b[i];
    return sum;
}

template <typename T> std::array<T, 3> cross(const std::array<T, 3>& a, const std::array<T, 3>& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

template <typename T, std::size_t N> T length(const std::array<T, N>& v) {
    return std::sqrt(dot(v, v));
}

// v / |v| (each component divided, not multiplied by 1 / |v|); nullopt when the length is not
// above `minLength` or not finite, so each caller says what a degenerate vector becomes.
template <typename T, std::size_t N>
std::optional<std::array<T, N>> normalised(const std::array<T, N>& v, std::type_identity_t<T> minLength = 0) {
    const T len = length(v);
    if (!(len > minLength) || !std::isfinite(len)) return std::nullopt;
    std::array<T, N> out;
    for (std::size_t i = 0; i < N; ++i)
        out[i] = v[i] / len;
    return out;
}

// The same vector in another component type (float triples normalised in double, and back).
template <typename To, typename From, std::size_t N>
std::array<To, N> converted(const std::array<From, N>& v) {
    std::array<To, N> out;
    for (std::size_t i = 0; i < N; ++i)
        out[i] = static_cast<To>(v[i]);
    return out;
}

} // namespace assetscope::math
