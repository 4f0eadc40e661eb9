"""Document.materials() equals `assetscope-cli materials --json`, with and without --root.

Compared with the command's own JSON rather than fixed values: the sample set's models, materials,
shaders and textures grow, and the command is the reference."""

import shutil

import assetscope
from conftest import sample_paths


def materials_json(cli_json, path, roots=()):
    args = ["materials", "--json"]
    for root in roots:
        args += ["--root", root]
    return cli_json(*args, path)


def links_found(report):
    return [link for look in report["materials"] for link in look["chain"] if link["found"]]


def test_every_sample_equals_materials_json(samples, cli, cli_json):
    folder, files = samples
    compared, chained = 0, 0
    for relative in files:
        path = folder / relative
        if cli("materials", "--json", path).returncode == 2:
            continue  # no format reads it: open() raises, as test_tree checks
        expected = materials_json(cli_json, path)
        assert assetscope.open(path).materials() == expected, relative
        compared += 1
        # A chain followed past the input's own link: a material to its shader, a model's slot on.
        chained += any(len(look["chain"]) > 1 and look["chain"][1]["found"] for look in expected["materials"])
    assert compared >= 30
    assert chained >= 1, "no sample's chain reached a second file: the comparison proves little"


def test_an_archive_entry_resolves_under_its_install(samples, cli_json):
    folder, _ = samples
    inner = f"{folder / 'media/Samples.zip'}::media/materials/sample_brick_wall.materialbin"
    expected = materials_json(cli_json, inner)
    assert expected["materials"]
    assert assetscope.open(inner).materials() == expected


def test_roots_are_looked_under_first_as_root(samples, cli_json, tmp_path):
    """A material and a model copied out of the install: their links resolve only under a root
    given, in the order given, as --root's."""
    folder, files = samples
    copied = []
    for name in ("sample_brick_wall.materialbin", "bld_sample_house_a_lod0.i.modelbin"):
        (source,) = sample_paths(samples, (name,))
        target = tmp_path / "outside" / name
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(source, target)
        copied.append(target)
    empty = tmp_path / "empty"
    (empty / "media").mkdir(parents=True)
    for path in copied:
        document = assetscope.open(path)
        alone = materials_json(cli_json, path)
        assert document.materials() == alone
        for roots in ([folder], [empty, folder], [str(empty), str(folder)]):
            expected = materials_json(cli_json, path, roots)
            assert document.materials(roots=roots) == expected, (path.name, roots)
        # One root, not in a list.
        assert document.materials(roots=folder) == materials_json(cli_json, path, [folder])
    # The material's shader is found only under the sample set's root.
    material = assetscope.open(copied[0])
    assert len(links_found(material.materials(roots=[folder]))) > len(links_found(material.materials()))


def test_parsed_bytes_resolve_as_the_file_they_name(samples, cli_json):
    (path,) = sample_paths(samples, ("sample_brick_wall.materialbin",))
    document = assetscope.parse(path.read_bytes(), name=str(path))
    assert document.materials() == materials_json(cli_json, path)


def test_a_file_without_looks(samples, cli_json):
    (path,) = sample_paths(samples, ("sample_gravel.pb",))
    expected = materials_json(cli_json, path)
    assert assetscope.open(path).materials() == expected


def test_an_install_is_read_once_until_the_cache_is_cleared(samples, tmp_path):
    """materials() keeps what it read of a root: files added under it afterwards are found only
    after clear_install_cache(), as the command finds them in a new process."""
    folder, files = samples
    (source,) = sample_paths(samples, ("sample_brick_wall.materialbin",))
    outside = tmp_path / "outside" / source.name
    outside.parent.mkdir()
    shutil.copyfile(source, outside)
    root = tmp_path / "later"
    (root / "media").mkdir(parents=True)
    document = assetscope.open(outside)
    before = links_found(document.materials(roots=[root]))
    shutil.copytree(folder / "media", root / "media", dirs_exist_ok=True)
    assert links_found(document.materials(roots=[root])) == before
    assetscope.clear_install_cache()
    after = links_found(document.materials(roots=[root]))
    assert len(after) > len(before)
    assert len(after) == len(links_found(document.materials(roots=[folder])))
