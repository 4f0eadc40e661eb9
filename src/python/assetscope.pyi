"""assetscope: game asset formats read byte by byte, from Python (docs/python.md).

open() and parse() give a Document: its structure tree of Nodes (the same nodes and values as
`assetscope-cli dump --json`), its diagnostics, its meshes, placements and texture as numpy
arrays, and its materials' chains. census(), stats(), find() and fields() give what the commands
of the same names print with --json, as Python objects.
"""

import os
from types import SimpleNamespace
from typing import Any, Callable, Iterator, Literal, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

PathLike = Union[str, bytes, os.PathLike]
Paths = Union[PathLike, Sequence[PathLike]]
Value = Union[int, float, str, bool, list[Optional[float]], None]
Progress = Callable[[int, int, int], Any]

class Error(Exception):
    """What assetscope raises; str(e) is the command line's "INPUT: MESSAGE"."""
    input: Optional[str]
    message: str

class UnreadableInputError(Error, OSError):
    """The file or archive entry could not be read."""

class UnsupportedFormatError(Error, ValueError):
    """No format recognises the bytes, or its reader gave no result."""

class UsageError(Error, ValueError):
    """Arguments the library cannot take (an unknown key or format, a wrong search, a level that is not there)."""

class Node:
    """One node of a structure tree, with the members of `dump --json`'s node schema."""
    @property
    def name(self) -> str:
        """Its name: a documented field's name in lower snake case, a blob's tag, '[i]' for an array element."""
    @property
    def kind(self) -> str:
        """'file', 'archive', 'entry', 'bundle', 'blob', 'metadata', 'struct', 'field', 'array', 'bytes' or 'error'."""
    @property
    def path(self) -> str:
        """Its names below the root joined by '/'; '' for the root."""
    @property
    def offset(self) -> int:
        """Absolute offset of its first byte in the input."""
    @property
    def size(self) -> int:
        """Its size in bytes."""
    @property
    def type(self) -> str:
        """Its type as `dump` prints it."""
    @property
    def value(self) -> Value:
        """Its value as `dump --json` gives it (floats to 9 significant digits; NaN and infinity as None)."""
    @property
    def display(self) -> str:
        """A readable form of the value (flags, enums); '' when none."""
    @property
    def confidence(self) -> Optional[str]:
        """'Proven', 'Observed', 'Inferred', 'Unknown', 'Sourced', 'Derived', or None."""
    @property
    def count(self) -> Optional[int]:
        """An array's element count; None for other kinds."""
    @property
    def stride(self) -> Optional[int]:
        """An array's element stride in bytes; None for other kinds."""
    @property
    def children(self) -> list["Node"]:
        """Its child nodes in file order."""
    @property
    def diagnostics(self) -> list[dict[str, str]]:
        """Its diagnostics as `dump --json` lists them: severity, rule, message."""
    @property
    def doc(self) -> Optional[dict[str, str]]:
        """Its row of the documented-field table (as `fields --json`), or None."""
    def bytes(self) -> memoryview:
        """Its bytes, a read-only memoryview into the document's bytes (no copy)."""

class Document:
    """One input read by its format. Made by open() or parse()."""
    @property
    def input(self) -> str:
        """The input as given to open() or parse()."""
    @property
    def format(self) -> str:
        """The format that read it ('grub', 'modelbin', 'pgeo', ...)."""
    @property
    def size(self) -> int:
        """The input's size in bytes."""
    def info(self) -> dict[str, Any]:
        """What `info` prints: input, format, size, the format's lines, unaccounted, diagnostics, refused."""
    @property
    def diagnostics(self) -> list[dict[str, Any]]:
        """Every diagnostic: severity, rule, message, offset, occurrences."""
    @property
    def root(self) -> Node:
        """The root node of the structure tree."""
    def node(self, path: str) -> Node:
        """The node at PATH (names below the root joined by '/'); KeyError when there is none."""
    def walk(self) -> Iterator[Node]:
        """Every node, the root first, in file order; the GIL is released while a batch is decoded."""
    def meshes(self, *, meshes: Optional[Sequence[int]] = None, lod: Optional[int] = None,
               variant: int = 0, season: int = 1) -> list[SimpleNamespace]:
        """The meshes `export` writes as numpy arrays (positions N×3 float32, normals, tangents,
        uvs, colors, colors1, joints, weights, indices M×3 uint32, primitives, material, slot,
        morph_targets), read-only; asked again with the same choices, the buffers of the scene the
        module kept (one in all) without decoding again."""
    def placements(self, *, text: Literal["str", "bytes"] = "str") -> npt.NDArray[np.void]:
        """A structured array with the columns of `placements --csv`: text as 'U' (as wide as the
        longest value; text="bytes": 'S', the bytes as stored), numbers at the width the record
        stores them (float32 rotation and scale, float64 position in metres, uint8 to uint32 counts)."""
    @property
    def texture_info(self) -> dict[str, Any]:
        """encoding, srgb, width, height, depth, mips, slices, cube, tiled, float, levels."""
    def texture(self, mip: int = 0, slice: int = 0, *, rgba8: bool = False) -> npt.NDArray[Any]:
        """One level decoded: H×W×4 uint8, or float32 for float encodings; rgba8=True: the PNG export's texels."""
    def export(self, out: PathLike, *, format: Optional[str] = None, meshes: Optional[Sequence[int]] = None,
               lod: Optional[int] = None, variant: int = 0, season: int = 1, mip: Optional[int] = None,
               slice: Optional[int] = None, models: Optional[Paths] = None,
               instancing: bool = False, roots: Optional[Paths] = None,
               textures: bool = True) -> dict[str, Any]:
        """Writes the file as `assetscope-cli export` does (roots as --root, textures=False as
        --no-textures); returns format, files, notes and counts."""
    def materials(self, *, roots: Optional[Paths] = None) -> dict[str, Any]:
        """Each look's chain followed through Game:\\ paths, its parameters merged and its textures
        resolved: `materials --json` as a dict ({'materials': [...]}); ROOTS as --root."""

def open(path: PathLike) -> Document:
    """Reads PATH (a file, or 'a.zip::b' into archives) with the format its bytes show."""

def parse(data: bytes, name: str = "") -> Document:
    """Parses bytes in memory; NAME is the file name they would have (a hint)."""

def clear_install_cache() -> None:
    """Forgets what materials() and export() read of installs (kept per list of roots): the next call looks again."""

def census(paths: Paths, *, jobs: int = 1, progress: Optional[Progress] = None) -> dict[str, Any]:
    """`census --json` as a dict. progress(done, found, bytes) is called as files are read."""

def stats(paths: Paths, fields: Union[str, Sequence[str]], *, top: int = 20, jobs: int = 1,
          progress: Optional[Progress] = None) -> dict[str, Any]:
    """`stats --json` as a dict."""

def find(paths: Paths, *, field: Optional[str] = None, value: Union[str, int, float, None] = None,
         bytes: Union[str, bytes, None] = None, text: Optional[str] = None, max: int = 1000,
         jobs: int = 1, progress: Optional[Progress] = None) -> dict[str, Any]:
    """`find --json` as a dict."""

def fields(format: Optional[str] = None) -> list[dict[str, str]]:
    """`fields --json` as a list of dicts."""
