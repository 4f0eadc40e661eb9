"""census(), stats(), find() and fields() equal their commands' --json."""

import pytest

import assetscope


def test_census_equals_census_json(samples, cli_json):
    folder, _ = samples
    seen = []
    result = assetscope.census([str(folder)], jobs=2, progress=lambda done, found, size: seen.append((done, found)))
    assert result == cli_json("census", "--json", folder)
    # Called at least once, at the end, with every file read.
    assert seen and seen[-1][0] == seen[-1][1] > 0


def test_census_of_one_path_and_pathlike(samples, cli_json):
    folder, _ = samples
    assert assetscope.census(folder / "media") == cli_json("census", "--json", folder / "media")


def test_stats_equals_stats_json(samples, cli_json):
    folder, _ = samples
    keys = ["grub/header/blob_count", "grub/blob/tag", "pgeo/header/version"]
    keys = [k for k in keys if any(row["key"] == k for row in assetscope.fields())]
    assert keys
    args = ["stats", "--json", "--top", "5"]
    for key in keys:
        args += ["--field", key]
    assert assetscope.stats(folder, keys, top=5) == cli_json(*args, folder)


def test_stats_unknown_key_is_a_usage_error(samples, cli):
    folder, _ = samples
    with pytest.raises(assetscope.UsageError) as caught:
        assetscope.stats(folder, ["grub/header/blob_cont"])
    done = cli("stats", "--field", "grub/header/blob_cont", folder)
    assert done.returncode == 2
    assert done.stderr.strip() == f"assetscope-cli: {caught.value}"


@pytest.mark.parametrize(
    "kwargs,args",
    [
        ({"field": "grub/header/blob_count", "value": 3}, ["--field", "grub/header/blob_count", "--value", "3"]),
        ({"bytes": "47 72 75 62"}, ["--bytes", "47 72 75 62"]),
        ({"bytes": b"Grub"}, ["--bytes", "47 72 75 62"]),
        ({"text": "sample", "max": 7}, ["--text", "sample", "--max", "7"]),
    ],
)
def test_find_equals_find_json(samples, cli, kwargs, args):
    import json

    folder, _ = samples
    done = cli("find", "--json", *args, folder)
    assert done.returncode in (0, 1), done.stderr
    assert assetscope.find(folder, **kwargs) == json.loads(done.stdout)


def test_find_usage_errors():
    with pytest.raises(assetscope.UsageError):
        assetscope.find(".")
    with pytest.raises(assetscope.UsageError):
        assetscope.find(".", text="a", bytes="00")


def test_fields_equal_fields_json(cli_json):
    assert assetscope.fields() == cli_json("fields", "--json")
    assert assetscope.fields("pgeo") == cli_json("fields", "--json", "pgeo")
    with pytest.raises(assetscope.UsageError):
        assetscope.fields("no-such-format")


def test_a_progress_error_stops_the_walk(samples):
    folder, _ = samples

    class Stop(Exception):
        pass

    def progress(done, found, size):
        raise Stop()

    # Raised from the last call at the latest; the walk itself is not left running.
    with pytest.raises(Stop):
        assetscope.census(folder, progress=progress)


def test_ctrl_c_stops_a_walk_with_keyboard_interrupt(samples):
    import os
    import signal

    folder, _ = samples
    sent = []

    def progress(done, found, size):
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        assetscope.census(folder, progress=progress)
    # Nothing is left running: the next walk runs whole.
    assert assetscope.census(folder)["files"] > 0
