"""Save files made to hurt: huge ones stay under a memory bound, a killed save leaves nothing behind at the
next start, and a folder where a save, its picture or its backup goes gives a typed error, never half a save."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[1]
MIB = 1024 * 1024


def test_loading_20_mib_hostile_saves_stays_under_500_mb(tmp_path: pathlib.Path):
    """Each file is just under the 20 MiB limit; the loader runs in its own process so its peak is measured."""
    size = 20 * MIB - 64
    files = {
        "lists": "[" + "[]," * (size // 3 - 1) + "[]]",  # millions of empty lists: gigabytes once parsed
        "objects": "[" + '{"a":0},' * (size // 8 - 1) + "{}]",
        "strings": "[" + ",".join(f'"{i:08x}yyyyyyyyyy"' for i in range(size // 21 - 1)) + "]",  # parsed: under the limits
        "one_string": '"' + "😀" * (size // 4 - 1) + '"',
    }
    for name, text in files.items():
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
        assert 19 * MIB < len(text.encode("utf-8")) <= 20 * MIB, name
    code = textwrap.dedent(f"""
        import pathlib, resource, sys
        from saves import SaveError, read_record
        for path in sorted(pathlib.Path({str(tmp_path)!r}).glob("*.json")):
            try:
                read_record(path)
            except SaveError as exc:
                print(exc.code, path.name)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print("peak_mb", peak // (1024 * 1024) if sys.platform == "darwin" else peak // 1024)
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert sorted(line for line in lines if line.startswith("corrupt")) == sorted(f"corrupt {n}.json" for n in files)
    peak = int(next(line for line in lines if line.startswith("peak_mb")).split()[1])
    assert peak < 500, peak
