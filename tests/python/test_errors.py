"""Errors are exceptions carrying the command line's messages; bad bytes are diagnostics."""

import pytest

import assetscope


def test_missing_file(cli, tmp_path):
    missing = tmp_path / "no-such.modelbin"
    with pytest.raises(assetscope.UnreadableInputError) as caught:
        assetscope.open(missing)
    assert isinstance(caught.value, assetscope.Error) and isinstance(caught.value, OSError)
    assert caught.value.input == str(missing)
    done = cli("info", missing)
    assert done.returncode == 2
    assert done.stderr.strip() == f"assetscope-cli: {caught.value}"


def test_missing_archive_entry(samples, cli):
    folder, _ = samples
    inner = f"{folder / 'media/Samples.zip'}::no/such/entry.modelbin"
    with pytest.raises(assetscope.UnreadableInputError) as caught:
        assetscope.open(inner)
    assert cli("info", inner).stderr.strip() == f"assetscope-cli: {caught.value}"


def test_unsupported_bytes(cli, tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"not any format at all" * 10)
    with pytest.raises(assetscope.UnsupportedFormatError) as caught:
        assetscope.open(junk)
    assert cli("info", junk).stderr.strip() == f"assetscope-cli: {caught.value}"
    with pytest.raises(assetscope.UnsupportedFormatError):
        assetscope.parse(b"\x00" * 64, name="x.bin")


def test_walks_over_a_missing_path():
    with pytest.raises(assetscope.UnreadableInputError):
        assetscope.census(["/no/such/folder"])


def test_damaged_bytes_are_diagnostics_not_exceptions(samples):
    folder, files = samples
    path = folder / next(f for f in files if f.endswith("bld_sample_house_a_lod0.i.modelbin"))
    data = bytearray(path.read_bytes())
    for cut in (len(data) // 2, 64, 16):
        document = assetscope.parse(bytes(data[:cut]), name=path.name) if _claimed(data[:cut]) else None
        if document is None:
            continue
        for node in document.walk():
            node.value, node.diagnostics, node.bytes()
        assert document.info()["diagnostics"]["errors"] > 0


def _claimed(data):
    try:
        assetscope.parse(bytes(data), name="x.modelbin")
        return True
    except assetscope.UnsupportedFormatError:
        return False
