"""Paths the Python package's tests need. CTest sets them (tests/python/CMakeLists.txt); run by hand, they
default to the ci preset's build tree:

    PYTHONPATH=build/ci/python /usr/bin/python3 -m pytest tests/python
"""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("PTOSIM_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BUILD_DIR = SOURCE_DIR / "build" / "ci"


def _path(variable: str, default: pathlib.Path) -> pathlib.Path:
    path = pathlib.Path(os.environ.get(variable, default))
    if not path.exists():
        pytest.fail(f"{path} does not exist (set {variable} or build it)")
    return path


@pytest.fixture(scope="session")
def source_dir() -> pathlib.Path:
    return SOURCE_DIR


@pytest.fixture(scope="session")
def test_kernels() -> pathlib.Path:
    return _path("PTOSIM_TEST_KERNELS", BUILD_DIR / "tests" / "python" / "libptosim_python_test_kernels.so")


@pytest.fixture(scope="session")
def example_kernels() -> pathlib.Path:
    return _path("PTOSIM_EXAMPLE_KERNELS", BUILD_DIR / "examples" / "libptosim_example_kernels.so")


@pytest.fixture(scope="session")
def ptoas() -> pathlib.Path:
    return _path("PTOAS", BUILD_DIR / "tools" / "ptoas" / "ptoas")


def line_of(path: pathlib.Path, text: str) -> int:
    """The 1-based line of the first line of `path` that contains `text`."""
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if text in line:
            return i
    raise AssertionError(f"{text!r} is not in {path}")
