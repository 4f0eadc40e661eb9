"""Hostile input through the module: the regression inputs (tests/regressions/<target>/) and the
fuzz corpora (fuzz/corpus/fuzz_<target>[_pipeline]/) parsed from bytes, walked node by node, and
asked for info(), meshes(), placements(), texture() and materials(). Only assetscope.Error may be
raised, and nothing may crash the interpreter: each batch runs in a process of its own
(hostile_replay.py), so a crash fails the batch's test with the input's name.

With ASSETSCOPE_PYTHON_HOSTILE_SHARE=N (the ASan build sets it) one input in N of each batch is
replayed, every regression input always."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import assetscope
from conftest import sample_paths
from test_tree import node_json

SOURCE = Path(__file__).resolve().parents[2]
REPLAY = Path(__file__).resolve().parent / "hostile_replay.py"
BATCH = 300

# A fuzz target's or regression folder's name → the file name extension its inputs are read
# as (the formats' extensions(), a hint the sniffers may read). The input_path target's inputs are
# paths into an archive made by the C++ tests, not file bytes: tst_regressions replays them.
EXTENSIONS = {
    "grub": ".crowdbin",
    "materialbin": ".materialbin",
    "meshset": ".meshset",
    "modelbin": ".modelbin",
    "pgeo": ".pgeo",
    "shaderbin": ".shaderbin",
    "texture": ".swatchbin",
    "zip": ".zip",
}


def share():
    return max(1, int(os.environ.get("ASSETSCOPE_PYTHON_HOSTILE_SHARE", "1") or 1))


def collect():
    """(batch id, [(name, path)]) for every batch: the regression inputs first, then each corpus
    in batches of BATCH; an input whose bytes were already listed is left out."""
    seen = set()
    batches = []

    def add(label, target, paths, keep_every):
        extension = EXTENSIONS.get(target)
        if extension is None:
            return
        inputs = []
        for i, path in enumerate(sorted(paths)):
            digest = hashlib.sha1(path.read_bytes()).digest()
            if digest in seen:
                continue
            seen.add(digest)
            if i % keep_every == 0:
                inputs.append((path.stem + extension, path))
        for start in range(0, len(inputs), BATCH):
            part = f"{label}[{start // BATCH}]" if len(inputs) > BATCH else label
            batches.append((part, inputs[start : start + BATCH]))

    regressions = SOURCE / "tests" / "regressions"
    if regressions.is_dir():
        for folder in sorted(p for p in regressions.iterdir() if p.is_dir()):
            add(f"regressions/{folder.name}", folder.name, [p for p in folder.iterdir() if p.is_file()], 1)
    corpora = SOURCE / "fuzz" / "corpus"
    if corpora.is_dir():
        for folder in sorted(p for p in corpora.iterdir() if p.is_dir()):
            target = folder.name.removeprefix("fuzz_").removesuffix("_pipeline")
            add(f"corpus/{folder.name}", target, [p for p in folder.iterdir() if p.is_file()], share())
    return batches


BATCHES = collect()


def test_inputs_are_there():
    names = [label for label, _ in BATCHES]
    assert any(n.startswith("regressions/") for n in names) and any(n.startswith("corpus/") for n in names)


@pytest.mark.parametrize("label,inputs", BATCHES, ids=[label for label, _ in BATCHES])
def test_hostile_batch(label, inputs, tmp_path):
    listing = tmp_path / "inputs.txt"
    listing.write_text("".join(f"{name}\t{path}\n" for name, path in inputs), encoding="utf-8")
    # In a folder of its own: a name hint with `media/` in it makes materials() look below the
    # current folder for an install.
    done = subprocess.run([sys.executable, str(REPLAY), str(listing)], capture_output=True, text=True,
                          cwd=tmp_path)
    lines = done.stdout.splitlines()
    begun = [line.split(" ", 1)[1] for line in lines if line.startswith("begin ")]
    ended = [line.split(" ", 2)[1] for line in lines if line.startswith("end ")]
    raised = [line.split(" ", 1)[1] for line in lines if line.startswith("raised ")]
    if done.returncode != 0 and not raised:
        last = begun[-1] if begun else "(before the first input)"
        tail = "\n".join(done.stderr.splitlines()[-40:])
        pytest.fail(f"the interpreter died (status {done.returncode}) on {last}:\n{tail}")
    assert not raised, f"exceptions other than assetscope.Error:\n{done.stdout}"
    assert len(ended) == len(inputs), done.stdout[-2000:]
    # Not a replay that refuses everything: most inputs are read by a format.
    read = sum(1 for line in lines if line.startswith("end ") and not line.endswith(" refused"))
    assert read * 2 >= len(inputs), f"{read} of {len(inputs)} inputs read by a format"


def test_text_that_is_no_utf8_is_given_as_dump_json_gives_it(samples, cli_json, tmp_path):
    """Names, values, displays and messages made from hostile bytes may be no UTF-8: the module
    gives them as dump --json's writer does (each invalid sequence U+FFFD), never raising
    UnicodeDecodeError. Here a MeshSet whose LOD name has a byte 0xFF in it."""
    (path,) = sample_paths(samples, ("sample_crate.meshset",))
    data = path.read_bytes()
    at = data.index(b"crate")
    damaged = tmp_path / path.name
    damaged.write_bytes(data[: at + 2] + b"\xff" + data[at + 3 :])
    document = assetscope.open(damaged)
    assert node_json(document.root) == cli_json("dump", "--json", damaged)
    messages = [d["message"] for n in document.walk() for d in n.diagnostics]
    assert any("\ufffd" in m for m in messages)
    document.info(), repr(document), [repr(n) for n in document.walk()]
