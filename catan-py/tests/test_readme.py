"""The README's Python quick start runs exactly as written."""

from __future__ import annotations

import contextlib
import io
import re

from conftest import REPO


def test_readme_python_quick_start() -> None:
    readme = (REPO / "README.md").read_text()
    section = readme.split("## Python quick start", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "no python block in the README's Python quick start"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(match.group(1), "README.md", "exec"), {})
    winner, scores = out.getvalue().split(" ", 1)
    assert int(winner) in range(4)
    assert max(eval(scores)) >= 10
