#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec2 aUv;
layout(location = 3) in vec4 aColor;
// Per-instance world matrix (placements drawn as boxes); the file's row-vector matrix read as
// columns is its transpose, so M * p here is the file's p · M.
layout(location = 4) in mat4 aInstance;
uniform bool uInstanced;
// The UV set the base-colour texture is sampled with (the view points it at the material's set).
layout(location = 8) in vec2 aTexUv;

uniform mat4 uMvp;
uniform mat4 uModel;
uniform mat3 uNormalMatrix;

out vec3 vWorld;
out vec3 vNormal;
out vec2 vUv;
out vec4 vColor;
out vec2 vTexUv;

void main() {
    vec4 local = uInstanced ? aInstance * vec4(aPosition, 1.0) : vec4(aPosition, 1.0);
    // modelbin.txt "Normals at the instance": the stored normal turned by the record's unit rows,
    // n.x × row0 + n.y × row1 + n.z × cross(row0, row1), with no scale (positions do take it), so a
    // stretched placement keeps the stored normal's direction as the game shows it.
    vec3 normal = aNormal;
    if (uInstanced) {
        vec3 row0 = normalize(aInstance[0].xyz);
        vec3 row1 = normalize(aInstance[1].xyz);
        normal = aNormal.x * row0 + aNormal.y * row1 + aNormal.z * cross(row0, row1);
    }
    vWorld = (uModel * local).xyz;
    vNormal = uNormalMatrix * normal;
    vUv = aUv;
    vColor = aColor;
    vTexUv = aTexUv;
    gl_Position = uMvp * local;
}
