"""ptosim.asm / ptosim.disasm against the golden corpus (tests/asm/golden) and `ptoas asm` / `ptoas disasm`."""

import subprocess

import numpy as np
import pytest

import ptosim


def goldens(source_dir):
    out = {}
    for path in sorted((source_dir / "tests" / "asm" / "golden").glob("*.golden")):
        sections, current = {}, None
        for line in path.read_text().splitlines():
            if line.startswith("## "):
                current = line[3:]
                sections[current] = ""
            elif current:
                sections[current] += line + "\n"
        out[path.stem] = sections
    return out


def hex_bytes(text):
    data = bytearray()
    for token in text.split():
        word = int(token, 16)
        data += word.to_bytes(len(token) // 2, "little")  # 8 digits: a 32-bit word, 4: a 16-bit one
    return bytes(data)


def test_assembly_and_disassembly_match_the_golden_corpus_and_ptoas(source_dir, ptoas, tmp_path):
    corpus = goldens(source_dir)
    assert len(corpus) >= 8
    for name, s in corpus.items():
        data = ptosim.asm(s["text"])
        assert data == hex_bytes(s["hex"]), name
        assert ptosim.asm(s["raw"]) == data, name
        if "input" in s:
            assert ptosim.asm(s["input"]) == data, name
        assert ptosim.disasm(data) == s["text"], name
        assert ptosim.disasm(data, raw=True) == s["raw"], name
        assert ptosim.disasm(bytearray(data)) == s["text"]
        assert ptosim.disasm(np.frombuffer(data, np.uint8)) == s["text"]
        binary = tmp_path / f"{name}.bin"
        subprocess.run([ptoas, "asm", "-", "-o", binary], input=s["text"], text=True, check=True)
        assert binary.read_bytes() == data, name
        printed = subprocess.run([ptoas, "disasm", binary], capture_output=True, text=True, check=True).stdout
        assert ptosim.disasm(data) == printed, name


def test_errors_are_program_errors_with_locations():
    with pytest.raises(ptosim.ProgramError) as e:
        ptosim.asm("TCMP.EQ <LB0:16, LB1:16, LB2:16, fp32>, T#1, T#2, ->T<256B>\nTNOPE T#1\n")
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.severity) == ("<asm>", 2, "error")
    assert d.column == 1 and d.status
    assert str(d).startswith("<asm>:2:1: error: ")
    with pytest.raises(ptosim.ProgramError) as e:
        ptosim.disasm(b"\x01\x02\x03")
    d = e.value.diagnostics[0]
    assert d.offset is not None and d.word is not None
    assert "byte" in str(d)


def test_the_architecture_narrows_what_assembles():
    text = "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>\n"
    data = ptosim.asm(text)  # A5 has THISTOGRAM
    assert ptosim.disasm(data) == text
    with pytest.raises(ptosim.ProgramError):
        ptosim.asm(text, arch="A2A3")
    with pytest.raises(ptosim.ArgumentError, match="arch"):
        ptosim.asm(text, arch="B7")


def test_bad_inputs_are_argument_errors():
    with pytest.raises(ptosim.ArgumentError, match="text"):
        ptosim.asm(b"TCMP")
    with pytest.raises(ptosim.ArgumentError, match="data"):
        ptosim.disasm("TCMP")
