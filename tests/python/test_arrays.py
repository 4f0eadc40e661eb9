"""placements(), texture() and meshes() as arrays, against the command line's outputs."""

import csv
import io
import json
import struct

import numpy as np
import pytest

import assetscope
from conftest import read_png_rgba, sample_paths


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


def gltf_positions(path):
    """Each mesh's first primitive's POSITION accessor of a .gltf with its .bin."""
    gltf = json.loads(path.read_text())
    buffer = (path.parent / gltf["buffers"][0]["uri"]).read_bytes()
    out = []
    for mesh in gltf["meshes"]:
        accessor = gltf["accessors"][mesh["primitives"][0]["attributes"]["POSITION"]]
        view = gltf["bufferViews"][accessor["bufferView"]]
        start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
        stride = view.get("byteStride", 12)
        rows = [struct.unpack_from("<3f", buffer, start + i * stride) for i in range(accessor["count"])]
        out.append(np.array(rows, dtype=np.float32))
    return out


def test_meshes_equal_the_export(samples, cli, tmp_path):
    for name in ("prp_sample_bench_v112.i.modelbin", "sample_crate.meshset"):
        (path,) = sample_paths(samples, (name,))
        meshes = assetscope.open(path).meshes()
        assert meshes
        out = tmp_path / (name + ".gltf")
        done = cli("export", path, "-o", out)
        assert done.returncode in (0, 1), done.stderr
        exported = gltf_positions(out)
        assert len(exported) == len(meshes)
        for mesh, positions in zip(meshes, exported):
            assert mesh.positions.dtype == np.float32 and mesh.positions.shape[1] == 3
            assert not mesh.positions.flags.writeable
            assert mesh.indices.dtype == np.uint32 and mesh.indices.shape[1] == 3
            assert int(mesh.indices.max()) < len(mesh.positions)
            # glTF's frame: z negated.
            mirrored = mesh.positions * np.array([1, 1, -1], dtype=np.float32)
            assert positions.shape == mirrored.shape
            assert np.array_equal(positions, mirrored), name


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
