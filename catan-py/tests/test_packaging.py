"""What a user installs: one version in every skin, and the examples as a notebook runs them."""

from __future__ import annotations

import importlib.metadata
import os
import pathlib
import re
import subprocess
import sys

from conftest import REPO

import catan_rules


def workspace_version() -> str:
    manifest = (REPO / "Cargo.toml").read_text()
    match = re.search(r'\[workspace\.package\][^\[]*?^version = "([^"]+)"', manifest, re.M | re.S)
    assert match, "no version in [workspace.package]"
    return match.group(1)


def test_the_package_reports_the_workspace_version() -> None:
    # One source of truth: the Rust crate, the C header and library check the same number
    # (catan-ffi/tests/abi.rs, scripts/test's C package step).
    assert catan_rules.__version__ == workspace_version()
    assert importlib.metadata.version("catan-rules") == workspace_version()


def test_the_notebook_tour_ignores_a_kernels_arguments(tmp_path: pathlib.Path) -> None:
    # In Jupyter, sys.argv is the kernel's (`ipykernel_launcher.py -f kernel.json`): the
    # tour once wrote its SVG to a file named `-f`.
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    kernel = (
        "import runpy, sys, types\n"
        "path = sys.argv[1]\n"
        "sys.modules['ipykernel'] = types.ModuleType('ipykernel')\n"
        "sys.argv = ['ipykernel_launcher.py', '-f', 'kernel.json']\n"
        "runpy.run_path(path, run_name='__main__')\n"
    )
    script = str(REPO / "examples" / "python" / "notebook_tour.py")
    env = dict(os.environ, TMPDIR=str(tmp))
    run = subprocess.run(
        [sys.executable, "-c", kernel, script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert not (tmp_path / "-f").exists()
    assert (tmp / "board.svg").read_text().startswith("<svg")
    assert f"wrote {tmp / 'board.svg'}" in run.stdout
