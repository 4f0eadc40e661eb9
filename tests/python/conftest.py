"""Fixtures of the Python module's tests: the command line they are checked against, and the
sample set it writes (assetscope-cli make-samples)."""

import json
import os
import struct
import subprocess
import zlib

import pytest

import assetscope


@pytest.fixture(scope="session")
def cli():
    """Runs assetscope-cli (ASSETSCOPE_CLI) with the given arguments; the completed process."""
    program = os.environ.get("ASSETSCOPE_CLI")
    if not program:
        pytest.skip("ASSETSCOPE_CLI names no assetscope-cli (CTest sets it)")

    def run(*args, check=False):
        return subprocess.run([program, *map(str, args)], capture_output=True, text=True, check=check)

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """The JSON a command prints on stdout."""

    def run(*args):
        done = cli(*args)
        assert done.returncode in (0, 1), done.stderr
        return json.loads(done.stdout)

    return run


@pytest.fixture(scope="session")
def samples(cli, tmp_path_factory):
    """The sample set's folder and every file written into it (relative paths, in the order written)."""
    folder = tmp_path_factory.mktemp("samples")
    done = cli("make-samples", folder, check=True)
    files = [os.path.relpath(line, folder) for line in done.stdout.splitlines() if line]
    return folder, files


def sample_paths(samples, suffixes):
    folder, files = samples
    return [folder / f for f in files if f.endswith(suffixes)]


def read_png_rgba(path):
    """The texels of an 8-bit RGBA PNG (what the texture export writes): (width, height, bytes).
    A small reader of its own, so the test depends on nothing but zlib."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width, height = 8, b"", 0, 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 6, 0), "8-bit RGBA, not interlaced"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4
    out = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for x in range(stride):
            left = row[x - 4] if x >= 4 else 0
            up = previous[x]
            upleft = previous[x - 4] if x >= 4 else 0
            if kind == 1:
                row[x] = (row[x] + left) & 255
            elif kind == 2:
                row[x] = (row[x] + up) & 255
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upleft)
                row[x] = (row[x] + predictor) & 255
        out += row
        previous = row
    return width, height, bytes(out)


class Glb:
    """A .glb read with the little the tests need: its JSON and its accessors as numpy arrays
    (12-byte header, a JSON chunk, a BIN chunk; glTF 2.0, section 4.4)."""

    COMPONENTS = {5120: "i1", 5121: "u1", 5122: "<i2", 5123: "<u2", 5125: "<u4", 5126: "<f4"}
    WIDTHS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}

    def __init__(self, path):
        import numpy as np

        self.np = np
        data = open(path, "rb").read()
        magic, version, length = struct.unpack_from("<4sII", data, 0)
        assert magic == b"glTF" and version == 2 and length == len(data), path
        at, self.json, self.bin = 12, None, b""
        while at < length:
            size, kind = struct.unpack_from("<I4s", data, at)
            body = data[at + 8 : at + 8 + size]
            if kind == b"JSON":
                self.json = json.loads(body)
            elif kind == b"BIN\x00":
                self.bin = body
            at += 8 + size
        assert self.json is not None, path

    def accessor(self, index):
        """Accessor INDEX as a (count, width) array of its component type (count for scalars)."""
        np = self.np
        a = self.json["accessors"][index]
        view = self.json["bufferViews"][a["bufferView"]]
        dtype = np.dtype(self.COMPONENTS[a["componentType"]])
        width = self.WIDTHS[a["type"]]
        start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
        stride = view.get("byteStride", dtype.itemsize * width)
        rows = np.ndarray((a["count"], width), dtype=dtype, buffer=self.bin, offset=start,
                          strides=(stride, dtype.itemsize))
        out = rows.copy()
        return out[:, 0] if a["type"] == "SCALAR" else out
