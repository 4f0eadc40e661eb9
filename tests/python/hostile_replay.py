"""Replays hostile inputs through the module, one process per batch (test_hostile.py runs it).

usage: python3 hostile_replay.py LIST  (LIST: a file of lines "NAME<TAB>PATH")

Each input is parsed with assetscope.parse(bytes, name=NAME), every node of a full walk() is read
member by member, then info(), diagnostics, and each array and report the document may give
(meshes(), placements(), texture(), materials()); a zip (NAME ending .zip) is written to the
current folder and walked by census() and find(), and its entries opened as 'ZIP::ENTRY'. Only
assetscope.Error may be raised. Before an input, "begin PATH" is written to stdout and flushed,
and "end PATH" after it: when the process dies (a crash, an abort from a sanitizer), the last
"begin" without its "end" names the input. Any other exception is written as "raised PATH" with
its traceback, and the exit status is 1.
"""

import os
import sys
import traceback
import zipfile

import assetscope

# The fuzz inputs' name hint and sibling file follow the file's bytes after this marker
# (tests/support/hostile_input.h, kSplitMarker).
MARKER = b"@@sib@@"


def exercise(data, name):
    if name.endswith(".zip"):
        return exercise_zip(data)
    try:
        document = assetscope.parse(data, name=name)
    except assetscope.Error:
        return "refused"
    return exercise_document(document)


def exercise_zip(data):
    """An archive is no document: it is walked by census() and find(), and each entry Python's
    zipfile lists is opened through the module's 'ZIP::ENTRY' paths."""
    path = os.path.abspath("input.zip")
    with open(path, "wb") as f:
        f.write(data)
    for walk in (lambda: assetscope.census(path), lambda: assetscope.find(path, text="Grub")):
        try:
            walk()
        except assetscope.Error:  # an entry that cannot be read leaves find's answer incomplete
            pass
    try:
        names = zipfile.ZipFile(path).namelist()[:64]
    except Exception:  # zipfile's own refusals: the module's census() above read it anyway
        names = []
    opened = 0
    for entry in names:
        try:
            document = assetscope.open(f"{path}::{entry}")
        except assetscope.Error:
            continue
        exercise_document(document)
        opened += 1
    return f"{len(names)} entries listed, {opened} opened"


def exercise_document(document):
    nodes = 0
    for node in document.walk():
        (node.name, node.kind, node.path, node.offset, node.size, node.type, node.value, node.display,
         node.confidence, node.count, node.stride, node.diagnostics, node.doc)
        view = node.bytes()
        view.tobytes()[:16]
        view.release()
        nodes += 1
    document.info()
    document.diagnostics
    repr(document)
    for method in ("meshes", "placements", "texture", "materials"):
        try:
            getattr(document, method)()
        except assetscope.Error:
            pass
    try:
        document.texture_info
    except assetscope.Error:
        pass
    return f"{nodes} nodes"


def main():
    failed = 0
    with open(sys.argv[1], encoding="utf-8") as listing:
        inputs = [line.rstrip("\n").split("\t", 1) for line in listing if line.strip()]
    for name, path in inputs:
        print("begin", path, flush=True)
        with open(path, "rb") as f:
            data = f.read()
        cut = -1 if name.endswith(".zip") else data.find(MARKER)
        if cut >= 0:
            hint = data[cut + len(MARKER) :].split(MARKER, 1)[0]
            data = data[:cut]
            if hint:
                name = hint.decode("utf-8", "replace")
        try:
            outcome = exercise(data, name)
        except Exception:  # what the test is for: anything but assetscope.Error is a failure
            failed += 1
            print("raised", path, flush=True)
            print(traceback.format_exc(), flush=True)
            continue
        print("end", path, outcome, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
