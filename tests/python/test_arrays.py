"""placements(), texture() and meshes() as arrays, against the command line's outputs."""

import csv
import io

import numpy as np
import pytest

import assetscope
from conftest import Glb, read_png_rgba, sample_paths


def test_placements_equal_placements_csv(samples, cli):
    paths = sample_paths(samples, (".pgeo",))
    assert paths
    for path in paths:
        done = cli("placements", "--csv", path)
        assert done.returncode in (0, 1), done.stderr
        rows = list(csv.reader(io.StringIO(done.stdout)))
        header, body = rows[0], rows[1:]
        table = assetscope.open(path).placements()
        assert list(table.dtype.names) == header
        assert len(table) == len(body)
        for record, row in zip(table, body):
            for name, cell in zip(header, row):
                value = record[name]
                kind = table.dtype[name].kind
                if kind == "U":
                    assert value == cell, (path, name)
                elif kind == "u":
                    assert int(value) == int(cell), (path, name)
                else:
                    # The CSV prints 9 significant digits; the array keeps the double.
                    expected = float(cell) if cell not in ("nan", "-nan", "inf", "-inf") else float(cell)
                    assert float(f"{value:.9g}") == expected or (np.isnan(value) and np.isnan(expected)), (path, name)


def test_placements_dtype(samples):
    """The array's own layout: text columns numpy's 'U' as wide as their longest value, numbers
    at the width the record stores them (pgeo.txt: u32 block and record counts, float32 rotation
    and scale, u8 variation and material variant, u16 building id, u32 random; the position is
    metres from the fixed point, float64), packed in the CSV's order; a new array the script owns."""
    paths = sample_paths(samples, (".pgeo",))
    expected = {"block": np.uint32, "record": np.uint32, "x": np.float64, "y": np.float64, "z": np.float64,
                **{name: np.float32 for name in ("r0x", "r0y", "r0z", "r1x", "r1y", "r1z", "sx", "sy", "sz")},
                **{name: np.uint8 for name in ("iv_x", "iv_y", "iv_z", "iv_w", "material_variant", "curve")},
                "building_id": np.uint16, "random": np.uint32}
    for path in paths:
        table = assetscope.open(path).placements()
        assert table.flags.writeable and table.flags.owndata and table.flags.c_contiguous
        assert table.dtype["file"] == np.dtype(f"U{len(str(path))}")
        assert (table["file"] == str(path)).all()
        assert table.dtype["list"] == np.dtype("U1") and set(table["list"]) <= {"A", "B"}
        for name, kind in expected.items():
            assert table.dtype[name] == kind, name
        longest = max(len(t) for t in table["template"]) if len(table) else 0
        assert table.dtype["template"] == np.dtype(f"U{max(longest, 1)}")
        offsets = [table.dtype.fields[name][1] for name in table.dtype.names]
        sizes = [table.dtype[name].itemsize for name in table.dtype.names]
        assert offsets == [sum(sizes[:i]) for i in range(len(sizes))] and table.itemsize == sum(sizes)
    # The file column is the input as given, code points and all: parse()'s name here.
    data = paths[0].read_bytes()
    table = assetscope.parse(data, name="Größe_ß.pgeo").placements()
    assert table.dtype["file"] == np.dtype("U12") and (table["file"] == "Größe_ß.pgeo").all()
    assert np.array_equal(table[["x", "y", "z"]], assetscope.open(paths[0]).placements()[["x", "y", "z"]])


def test_placements_first_tree_by_hand(samples):
    """The sample set's first tree as its writer places it: list A, block 0, record 0 at (510, 2,
    -240) m, unrotated, scaled 0.9 (the float32 nearest, 0.899999976), variation x 100."""
    (path,) = sample_paths(samples, ("c125_trees_ulc.pgeo",))
    row = assetscope.open(path).placements()[0]
    assert (row["list"], row["block"], row["record"]) == ("A", 0, 0)
    assert row["template"] == "tre_sample_maple_a_impostor"
    assert (row["x"], row["y"], row["z"]) == (510.0, 2.0, -240.0)
    assert [row[n] for n in ("r0x", "r0y", "r0z", "r1x", "r1y", "r1z")] == [1, 0, 0, 0, 1, 0]
    assert row["sx"] == row["sy"] == row["sz"] == np.float32(0.9) and f"{row['sx']:.9g}" == "0.899999976"
    assert (row["iv_x"], row["iv_y"], row["iv_z"], row["iv_w"]) == (100, 0, 0, 0)


def test_placements_text_that_is_not_utf8(samples):
    """A template name whose bytes are not UTF-8 reads in the array as its node's value does (each
    invalid sequence one U+FFFD, as dump --json writes it), the column as wide as that text."""
    (path,) = sample_paths(samples, ("c50_buildings_do.pgeo",))
    data = path.read_bytes()
    name = assetscope.parse(data, name=path.name).node("list_b/[0]/name/text")
    assert name.value == "bld_sample_house_a_3D"
    cases = {b"\xff": "bld\ufffdsample_house_a_3D", b"\xe2\x82": "bld\ufffdample_house_a_3D",
             b"\xed\xa0\x80": "bld\ufffd\ufffd\ufffdmple_house_a_3D", b"\xe2\x82\xac": "bld\u20acmple_house_a_3D"}
    for bad, expected in cases.items():
        changed = bytearray(data)
        changed[name.offset + 3 : name.offset + 3 + len(bad)] = bad
        document = assetscope.parse(bytes(changed), name=path.name)
        table = document.placements()
        assert document.node("list_b/[0]/name/text").value == expected, bad
        assert table.dtype["template"] == np.dtype(f"U{len(expected)}"), bad
        assert (table["template"] == expected).all(), bad


def test_placements_text_as_bytes(samples):
    """text="bytes": each text column numpy's 'S', as wide as its longest value in bytes, holding
    the bytes as stored (not UTF-8 ones too); every other column as the str table has it."""
    for path in sample_paths(samples, (".pgeo",)):
        document = assetscope.open(path)
        as_str, as_bytes = document.placements(), document.placements(text="bytes")
        assert as_bytes.dtype.names == as_str.dtype.names and len(as_bytes) == len(as_str)
        for name in as_str.dtype.names:
            if as_str.dtype[name].kind == "U":
                encoded = [value.encode() for value in as_str[name]]
                assert as_bytes.dtype[name] == np.dtype(f"S{max([len(v) for v in encoded] + [1])}"), name
                assert as_bytes[name].tolist() == encoded, (path, name)
            else:
                assert as_bytes.dtype[name] == as_str.dtype[name]
                assert np.array_equal(as_bytes[name], as_str[name], equal_nan=True), (path, name)
    # A template name that is not UTF-8 keeps its bytes: b"\xff" stays one byte, not U+FFFD.
    (path,) = sample_paths(samples, ("c50_buildings_do.pgeo",))
    data = bytearray(path.read_bytes())
    name = assetscope.parse(bytes(data), name=path.name).node("list_b/[0]/name/text")
    data[name.offset + 3] = 0xFF
    table = assetscope.parse(bytes(data), name=path.name).placements(text="bytes")
    assert table.dtype["template"] == np.dtype("S21") and (table["template"] == b"bld\xffsample_house_a_3D").all()
    with pytest.raises(assetscope.UsageError, match='text must be "str" or "bytes"'):
        assetscope.open(path).placements(text="ascii")


def test_placements_of_a_model_is_a_usage_error(samples):
    (path,) = sample_paths(samples, ("prp_sample_bench_v112.i.modelbin",))
    with pytest.raises(assetscope.UsageError):
        assetscope.open(path).placements()


def test_texture_equals_the_png_export(samples, cli, tmp_path):
    paths = sample_paths(samples, (".swatchbin", ".pb"))
    assert paths
    compared = 0
    for path in paths:
        document = assetscope.open(path)
        info = document.texture_info
        out = tmp_path / (path.name + ".png")
        done = cli("export", path, "-o", out)
        if done.returncode == 2:
            with pytest.raises(assetscope.UsageError):
                document.texture()
            continue
        width, height, texels = read_png_rgba(out)
        eight = document.texture(rgba8=True)
        assert eight.shape == (height, width, 4) and eight.dtype == np.uint8
        assert eight.tobytes() == texels, path.name
        decoded = document.texture()
        assert decoded.shape == (height, width, 4)
        assert decoded.dtype == (np.float32 if info["float"] else np.uint8)
        assert not decoded.flags.writeable
        assert info["mips"] >= 1 and info["encoding"]
        compared += 1
    assert compared >= 5


def test_texture_level_out_of_range(samples):
    (path,) = sample_paths(samples, ("sample_gravel.pb",))
    document = assetscope.open(path)
    with pytest.raises(assetscope.UsageError):
        document.texture(mip=document.texture_info["mips"])


def mirrored_unit(vectors):
    """What the export makes of stored directions: non-finite components 0, z negated (glTF's
    frame), normalised in double and stored as float32 (export/scene_preparer.cpp)."""
    v = np.nan_to_num(vectors.astype(np.float64), nan=0.0, posinf=0.0, neginf=0.0)
    v[:, 2] = -v[:, 2]
    length = np.linalg.norm(v, axis=1, keepdims=True)
    usable = (length[:, 0] > 1e-20) & np.isfinite(length[:, 0])
    v[usable] /= length[usable]
    return v.astype(np.float32), usable


def exported_skinning(joints, weights, joint_count):
    """What the export makes of a vertex's joints and weights (export/scene_preparer.cpp,
    prepareSkinning), in the same float32 and double steps: a non-finite or negative weight is 0, a
    weight on a joint the skin does not have is 0, the same joint twice is one influence (the
    later weight added to the earlier), a vertex left without weight is bound to joint 0 with
    weight 1, the rest are divided by their sum (in double) and a joint of weight 0 is written 0."""
    j = joints.astype(np.uint16).copy()
    w = weights.astype(np.float32).copy()
    w[~np.isfinite(w) | (w < 0)] = 0
    w[(j >= joint_count) & (w > 0)] = 0
    for a in range(4):
        for b in range(a + 1, 4):
            same = (w[:, a] > 0) & (w[:, b] > 0) & (j[:, a] == j[:, b])
            w[same, a] = w[same, a] + w[same, b]
            w[same, b] = 0
    total = w[:, 0].astype(np.float64) + w[:, 1] + w[:, 2] + w[:, 3]
    unweighted = ~(total > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        w = (w / total[:, None]).astype(np.float32)
    w[unweighted] = [1, 0, 0, 0]
    j[unweighted] = 0
    j[w == 0] = 0
    return j, w


def test_meshes_equal_the_export(samples, cli, tmp_path):
    """Every sample model's and MeshSet's meshes() against the glb `export` writes from the same
    decode: positions, normals, tangents, UV sets, colours, joints and weights and each
    primitive's triangles, with what the export does to them undone by hand (z mirrored, triangles
    (A, B, C) written (A, C, B), directions normalised, colours clamped, weights normalised)."""
    paths = sample_paths(samples, (".modelbin", ".meshset"))
    compared = {"models": 0, "normals": 0, "uvs": 0, "primitives": 0, "skinned": 0}
    for path in paths:
        out = tmp_path / (path.name + ".glb")
        done = cli("export", path, "-o", out)
        if done.returncode == 2:
            with pytest.raises(assetscope.Error):
                assetscope.open(path).meshes()
            continue
        meshes = [m for m in assetscope.open(path).meshes() if any(len(p["indices"]) for p in m.primitives)]
        glb = Glb(out)
        exported = glb.json["meshes"]
        assert len(exported) == len(meshes), path.name
        for index, (mesh, gltf_mesh) in enumerate(zip(meshes, exported)):
            where = (path.name, mesh.name)
            assert mesh.positions.dtype == np.float32 and mesh.positions.shape[1] == 3
            assert not mesh.positions.flags.writeable
            assert mesh.indices.dtype == np.uint32 and mesh.indices.shape[1] == 3
            assert int(mesh.indices.max()) < len(mesh.positions)
            primitives = [p for p in mesh.primitives if len(p["indices"])]
            assert len(gltf_mesh["primitives"]) == len(primitives), where
            attributes = gltf_mesh["primitives"][0]["attributes"]
            mirror = np.array([1, 1, -1], dtype=np.float32)
            positions = np.nan_to_num(mesh.positions, nan=0.0, posinf=0.0, neginf=0.0) * mirror
            assert np.array_equal(glb.accessor(attributes["POSITION"]), positions), where
            if mesh.normals is None:
                assert "NORMAL" not in attributes, where
            else:
                assert mesh.normals.shape == mesh.positions.shape and mesh.normals.dtype == np.float32
                expected, usable = mirrored_unit(mesh.normals)
                written = glb.accessor(attributes["NORMAL"])
                assert written.shape == expected.shape, where
                # A zero normal is replaced by its faces' normal: unit length, not compared.
                assert np.allclose(written[usable], expected[usable], rtol=0, atol=1e-6), where
                assert np.allclose(np.linalg.norm(written, axis=1), 1, atol=1e-5), where
                compared["normals"] += 1
            if mesh.tangents is not None and mesh.normals is None:
                assert "TANGENT" not in attributes, where  # tangents without normals are dropped
            elif mesh.tangents is not None:
                written = glb.accessor(attributes["TANGENT"])
                expected, usable = mirrored_unit(mesh.tangents[:, :3])
                assert np.allclose(written[usable, :3], expected[usable], rtol=0, atol=1e-6), where
                # w is the bitangent's sign, flipped by the mirror.
                signs = np.where(np.nan_to_num(mesh.tangents[:, 3]) < 0, 1.0, -1.0).astype(np.float32)
                assert np.array_equal(written[:, 3], signs), where
            assert len(mesh.uvs) == sum(1 for name in attributes if name.startswith("TEXCOORD_")), where
            for s, uv in enumerate(mesh.uvs):
                assert uv.dtype == np.float32 and uv.shape == (len(mesh.positions), 2)
                written = glb.accessor(attributes[f"TEXCOORD_{s}"])
                assert np.array_equal(written, np.nan_to_num(uv, nan=0.0, posinf=0.0, neginf=0.0)), (where, s)
                compared["uvs"] += 1
            for colors, name in ((mesh.colors, "COLOR_0"), (mesh.colors1, "COLOR_1")):
                if colors is None:
                    assert name not in attributes, where
                    continue
                expected = np.where(np.isfinite(colors), np.clip(colors, 0, 1), 1).astype(np.float32)
                assert np.array_equal(glb.accessor(attributes[name]), expected), (where, name)
            if mesh.joints is None:
                assert mesh.weights is None, where
                assert "JOINTS_0" not in attributes and "WEIGHTS_0" not in attributes, where
            else:
                assert mesh.joints.dtype == np.uint16 and mesh.joints.shape == (len(mesh.positions), 4), where
                assert mesh.weights.dtype == np.float32 and mesh.weights.shape == mesh.joints.shape, where
                assert not mesh.joints.flags.writeable and not mesh.weights.flags.writeable
                (skin,) = {node["skin"] for node in glb.json["nodes"] if node.get("mesh") == index}
                joints, weights = exported_skinning(mesh.joints, mesh.weights, len(glb.json["skins"][skin]["joints"]))
                assert np.array_equal(glb.accessor(attributes["JOINTS_0"]), joints), where
                assert np.array_equal(glb.accessor(attributes["WEIGHTS_0"]), weights), where
                compared["skinned"] += 1
            for primitive, gltf_primitive in zip(primitives, gltf_mesh["primitives"]):
                triangles = primitive["indices"]
                assert triangles.dtype == np.uint32 and triangles.shape[1] == 3
                written = glb.accessor(gltf_primitive["indices"]).astype(np.uint32).reshape(-1, 3)
                assert np.array_equal(written, triangles[:, [0, 2, 1]]), where
                compared["primitives"] += 1
            # indices: every primitive's triangles, in order.
            assert np.array_equal(mesh.indices, np.concatenate([p["indices"] for p in mesh.primitives])), where
        compared["models"] += 1
    assert compared["models"] >= 5 and compared["normals"] >= 5 and compared["uvs"] >= 5, compared
    assert compared["primitives"] >= compared["models"], compared
    # The bendy bar, the roadster's wheel (tyre and rim) and the wind turbine (tower and rotor).
    assert compared["skinned"] >= 5, compared


def test_meshes_joints_and_weights_by_hand(samples, cli, tmp_path):
    """The bendy bar (meshset/meshset_samples.cpp, skinnedSample): a box from y = 0 to 1 whose
    vertices name bones 0 and 1 of the LOD's bone map {5, 9} (the two unused slots bone 0 too)
    with 8-bit weights 255 - round(255 y) and round(255 y). So a vertex at y = 0 is joints (5, 9,
    5, 5), weights (1, 0, 0, 0), and one at y = 1 is joints (5, 9, 5, 5), weights (0, 1, 0, 0);
    the export writes a joint of weight 0 as 0: (5, 0, 0, 0) and (0, 9, 0, 0)."""
    (path,) = sample_paths(samples, ("sample_bendy_bar.meshset",))
    (mesh,) = assetscope.open(path).meshes()
    low = mesh.positions[:, 1] == 0
    high = mesh.positions[:, 1] == 1
    assert low.sum() == 12 and high.sum() == 12
    assert (mesh.joints == [5, 9, 5, 5]).all()
    assert (mesh.weights[low] == [1, 0, 0, 0]).all() and (mesh.weights[high] == [0, 1, 0, 0]).all()
    out = tmp_path / "bar.glb"
    cli("export", path, "-o", out, check=True)
    glb = Glb(out)
    attributes = glb.json["meshes"][0]["primitives"][0]["attributes"]
    joints = glb.accessor(attributes["JOINTS_0"])
    assert (joints[low] == [5, 0, 0, 0]).all() and (joints[high] == [0, 9, 0, 0]).all()
    assert np.array_equal(glb.accessor(attributes["WEIGHTS_0"]), mesh.weights)


def test_meshes_asked_again_share_the_kept_scene(samples):
    """meshes() asked again of a document with the same choices hands out the same buffers (the
    scene the module keeps); other choices decode again."""
    (path,) = sample_paths(samples, ("bld_sample_house_a_lod0.i.modelbin",))
    document = assetscope.open(path)
    first, again = document.meshes(), document.meshes()
    assert [m.name for m in first] == [m.name for m in again]
    for a, b in zip(first, again):
        assert a is not b and a.positions is not b.positions
        assert np.shares_memory(a.positions, b.positions) and np.array_equal(a.positions, b.positions)
    other = assetscope.open(path).meshes()
    assert not np.shares_memory(other[0].positions, first[0].positions)
    assert np.array_equal(other[0].positions, first[0].positions)
    some = document.meshes(meshes=[1])
    assert [m.name for m in some] == [first[1].name]
    assert not np.shares_memory(some[0].positions, first[1].positions)
    # The arrays outlive their document and the kept scene.
    del document, again, some, other
    assert first[0].positions.shape[1] == 3 and np.isfinite(first[0].positions).all()


def test_export_writes_what_the_command_writes(samples, cli, tmp_path):
    (path,) = sample_paths(samples, ("prp_sample_bench_v112.i.modelbin",))
    report = assetscope.open(path).export(tmp_path / "a.glb")
    assert report["format"] == "glb" and report["files"][0].endswith("a.glb")
    cli("export", path, "-o", tmp_path / "b.glb", check=True)
    assert (tmp_path / "a.glb").read_bytes() == (tmp_path / "b.glb").read_bytes()
    # roots= and textures= are --root and --no-textures.
    report = assetscope.open(path).export(tmp_path / "c.glb", roots=[tmp_path], textures=False)
    assert report["files"] == [str(tmp_path / "c.glb")]
    cli("export", path, "--root", tmp_path, "--no-textures", "-o", tmp_path / "d.glb", check=True)
    assert (tmp_path / "c.glb").read_bytes() == (tmp_path / "d.glb").read_bytes()
    with pytest.raises(assetscope.UsageError):
        assetscope.open(path).export(tmp_path / "a.png")
