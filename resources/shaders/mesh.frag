#version 330 core
in vec3 vWorld;
in vec3 vNormal;
in vec2 vUv;
in vec4 vColor;
in vec2 vTexUv;

// 0 lighting, 1 normals, 2 UV checker, 3 vertex colour, 4 material group
uniform int uMode;
uniform vec3 uBaseColor;
uniform vec3 uGroupColor;
uniform vec3 uLightDir;
uniform bool uFlatColor;
uniform vec3 uLineColor;
// The colour lit surfaces take (uMode 0): 0 textured, 1 vertex colour, 2 plain.
uniform int uColors;
uniform bool uHasTexture;  // this draw's material has a base-colour texture on the GPU
uniform bool uSrgbTexture; // uploaded as GL_SRGB8_ALPHA8: the sample is linear light
uniform sampler2D uBaseTexture;

out vec4 fragColor;

vec3 encodeSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// The pane lights every colour as it is stored (material, vertex and group colours), in display
// space: the framebuffer is not sRGB and nothing is decoded before lighting. A texture joins that:
// an sRGB texture is filtered and mipmapped in linear light (its GL_SRGB8_ALPHA8 format decodes
// each texel before filtering), and the filtered sample is encoded back to sRGB here, so the
// picture is the texture's own colours lit like every other surface of the pane. Alpha is not
// used: surfaces are drawn opaque.
vec3 surfaceColor() {
    vec3 texel = vec3(1.0);
    if (uHasTexture) {
        texel = texture(uBaseTexture, vTexUv).rgb;
        if (uSrgbTexture) texel = encodeSrgb(texel);
    }
    if (uColors == 1) return vColor.rgb * texel;
    if (uColors == 0 && uHasTexture) return texel;
    return uBaseColor;
}

void main() {
    if (uFlatColor) {
        fragColor = vec4(uLineColor, 1.0);
        return;
    }
    // Meshes without normals (or degenerate ones) fall back to the face normal.
    vec3 n = length(vNormal) > 1e-6 ? normalize(vNormal) : normalize(cross(dFdx(vWorld), dFdy(vWorld)));
    float light = 0.3 + 0.7 * abs(dot(n, normalize(uLightDir)));
    vec3 color;
    if (uMode == 1) {
        color = n * 0.5 + 0.5;
        light = 1.0;
    } else if (uMode == 2) {
        vec2 cell = floor(vUv * 8.0);
        float check = mod(cell.x + cell.y, 2.0);
        color = mix(vec3(0.15), vec3(0.9), check);
    } else if (uMode == 3) {
        color = vColor.rgb;
    } else if (uMode == 4) {
        color = uGroupColor;
    } else {
        color = surfaceColor();
    }
    fragColor = vec4(color * light, 1.0);
}
