#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec2 aUv;
layout(location = 3) in vec4 aColor;
// Per-instance world matrix (placements drawn as boxes); the file's row-vector matrix read as
// columns is its transpose, so M * p here is the file's p · M.
layout(location = 4) in mat4 aInstance;
uniform bool uInstanced;

uniform mat4 uMvp;
uniform mat4 uModel;
uniform mat3 uNormalMatrix;

out vec3 vWorld;
out vec3 vNormal;
out vec2 vUv;
out vec4 vColor;

void main() {
    vec4 local = uInstanced ? aInstance * vec4(aPosition, 1.0) : vec4(aPosition, 1.0);
    vec3 normal = uInstanced ? mat3(aInstance) * aNormal : aNormal;
    vWorld = (uModel * local).xyz;
    vNormal = uNormalMatrix * normal;
    vUv = aUv;
    vColor = aColor;
    gl_Position = uMvp * local;
}
