#version 330 core
in vec3 vWorld;
in vec3 vNormal;
in vec2 vUv;
in vec4 vColor;

// 0 lighting, 1 normals, 2 UV checker, 3 vertex colour, 4 material group
uniform int uMode;
uniform vec3 uBaseColor;
uniform vec3 uGroupColor;
uniform vec3 uLightDir;
uniform bool uFlatColor;
uniform vec3 uLineColor;

out vec4 fragColor;

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
        color = uBaseColor;
    }
    fragColor = vec4(color * light, 1.0);
}
