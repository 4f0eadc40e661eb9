"""Documents and their trees equal `assetscope-cli dump --json`, node for node."""

import json

import pytest

import assetscope
from conftest import sample_paths


def node_json(node):
    """A node in dump --json's schema, built from the module's Node through its children."""
    out = {
        "name": node.name,
        "kind": node.kind,
        "offset": node.offset,
        "size": node.size,
        "type": node.type,
        "value": node.value,
    }
    if node.confidence is not None:
        out["confidence"] = node.confidence
    if node.kind == "array":
        out["count"] = node.count
        out["stride"] = node.stride
    out["children"] = [node_json(child) for child in node.children]
    out["diagnostics"] = node.diagnostics
    return out


def preorder(j, path=""):
    """(path, name, offset, size) of every node, a name repeated among siblings as NAME#n (as
    `find` and `diff` print paths)."""
    yield path, j["name"], j["offset"], j["size"]
    seen = {}
    for child in j["children"]:
        repeats = seen.get(child["name"], 0)
        seen[child["name"]] = repeats + 1
        name = child["name"] + (f"#{repeats}" if repeats else "")
        yield from preorder(child, name if not path else path + "/" + name)


def test_every_node_of_every_sample_equals_dump_json(samples, cli):
    folder, files = samples
    compared = 0
    for relative in files:
        path = folder / relative
        done = cli("dump", "--json", path)
        if done.returncode == 2:
            # No format reads it (a MeshSet's .chunk): the module says so as the command does.
            with pytest.raises(assetscope.Error) as caught:
                assetscope.open(str(path))
            assert done.stderr.strip() == f"assetscope-cli: {caught.value}"
            continue
        expected = json.loads(done.stdout)
        document = assetscope.open(str(path))
        assert node_json(document.root) == expected, relative
        # walk() gives the same nodes in dump's order, with paths node() finds again.
        walked = [(n.path, n.name, n.offset, n.size) for n in document.walk()]
        assert walked == list(preorder(expected)), relative
        for path_, name, offset, size in walked[:: max(1, len(walked) // 50)]:
            found = document.node(path_)
            assert (found.path, found.name, found.offset, found.size) == (path_, name, offset, size)
        compared += 1
    assert compared >= 30


def test_document_members(samples, cli):
    (path,) = [p for p in sample_paths(samples, ("bld_sample_house_a_lod0.i.modelbin",))]
    document = assetscope.open(path)
    assert document.format == "modelbin"
    assert document.size == path.stat().st_size
    info = document.info()
    text = cli("info", path).stdout
    assert f"format: {info['format']}\n" in text
    assert f"size: {info['size']} bytes\n" in text
    for label, value in info.items():
        if label in ("input", "format", "size", "diagnostics", "refused"):
            continue
        assert f"{label}: {value}\n" in text
    d = info["diagnostics"]
    assert f"diagnostics: {d['errors']} errors, {d['warnings']} warnings\n" in text
    assert d["errors"] == sum(x["occurrences"] for x in document.diagnostics if x["severity"] == "error")


def test_bytes_is_a_view_of_the_input(samples):
    (path,) = sample_paths(samples, ("sample_crate.meshset",))
    data = path.read_bytes()
    document = assetscope.open(path)
    for node in list(document.walk())[:200]:
        view = node.bytes()
        assert view.readonly
        assert view.tobytes() == data[node.offset : node.offset + node.size]
    # The view keeps its document alive.
    view = assetscope.open(path).root.bytes()
    assert view.tobytes() == data


def test_parse_equals_open(samples):
    (path,) = sample_paths(samples, ("sample_gravel.pb",))
    opened = assetscope.open(path)
    parsed = assetscope.parse(path.read_bytes(), name=path.name)
    assert parsed.format == opened.format
    assert [(n.path, n.value) for n in parsed.walk()] == [(n.path, n.value) for n in opened.walk()]


def test_archive_entry_input(samples, cli_json):
    folder, _ = samples
    inner = f"{folder / 'media/Samples.zip'}::media/crowds/sample_crowd.crowdbin"
    document = assetscope.open(inner)
    assert document.input == inner
    assert node_json(document.root) == cli_json("dump", "--json", inner)


def test_doc_rows(samples):
    (path,) = sample_paths(samples, ("sample_gravel.pb",))
    rows = {row["key"]: row for row in assetscope.fields()}
    documented = [n for n in assetscope.open(path).walk() if n.doc is not None]
    assert documented
    for node in documented:
        assert rows[node.doc["key"]] == node.doc
