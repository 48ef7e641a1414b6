"""The Python examples (examples/python/) and the README's Python example run as printed."""

import os
import re
import subprocess
import sys

import ptosim


def run_python(args, cwd, example_kernels=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(ptosim.__file__))
    if example_kernels:
        env["PTOSIM_EXAMPLE_KERNELS"] = str(example_kernels)
    return subprocess.run([sys.executable, *map(str, args)], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_softmax_example(source_dir, tmp_path):
    picture = tmp_path / "softmax.png"
    r = run_python([source_dir / "examples" / "python" / "softmax.py", picture], tmp_path)
    assert r.returncode == 0, r.stderr
    assert re.search(r"max \|y - numpy\| = \d\.\d\de-\d\d, 0 hazards", r.stdout), r.stdout
    assert "critical path" in r.stdout
    assert picture.stat().st_size > 10_000


def test_the_kernel_example(source_dir, example_kernels, tmp_path):
    picture = tmp_path / "attention.png"
    r = run_python([source_dir / "examples" / "python" / "test_kernels.py", example_kernels, picture], tmp_path)
    assert r.returncode == 0, r.stderr
    assert "row_softmax and flash_attention_f32_d64 match numpy" in r.stdout
    assert picture.stat().st_size > 30_000


def test_the_readmes_python_example_runs_as_printed(source_dir, tmp_path):
    readme = (source_dir / "README.md").read_text()
    section = readme[readme.index("## Python"):]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the README's Python section has no python block"
    code = blocks[0]
    (tmp_path / "examples").symlink_to(source_dir / "examples")  # the example's relative paths
    (tmp_path / "example.py").write_text(code)
    r = run_python([tmp_path / "example.py"], tmp_path)
    assert r.returncode == 0, r.stderr
    # Each `# prints ...` comment of the example is what that line prints.
    for expected in re.findall(r"#\s*prints\s+(.*)", code):
        assert expected.strip() in r.stdout, (expected, r.stdout)
    assert (tmp_path / "softmax.png").stat().st_size > 10_000
