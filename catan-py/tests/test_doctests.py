"""Runs the `>>>` examples in every public docstring (native classes included)."""

from __future__ import annotations

import doctest

import catan_rules


def test_docstring_examples() -> None:
    finder = doctest.DocTestFinder(exclude_empty=True)
    module_finder = doctest.DocTestFinder(exclude_empty=True, recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    objects = [catan_rules] + [getattr(catan_rules, n) for n in catan_rules.__all__]
    for obj in objects:
        if isinstance(obj, str):
            continue
        name = getattr(obj, "__name__", repr(obj))
        globs = {"catan_rules": catan_rules}
        globs.update((n, getattr(catan_rules, n)) for n in catan_rules.__all__)
        f = module_finder if obj is catan_rules else finder
        for test in f.find(obj, name, module=False, globs=globs):
            examples += len(test.examples)
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert examples >= 10, examples
