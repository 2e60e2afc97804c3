#!/usr/bin/env python3
"""Checks that each README code block marked `<!-- snippet: PATH -->` is still, line for line
and in one piece, in PATH (the app the toolkit suite runs). Prints "ok PATH (N lines)" or
"missing PATH: first line that differs" per block; exits 1 if any block is missing.

usage: readme-snippets.py ROOT
"""
import re
import sys

root = sys.argv[1]
readme = open(f"{root}/README.md", encoding="utf-8").read()
blocks = re.findall(r"<!-- snippet: (\S+) -->\n```[a-z]*\n(.*?)\n```", readme, re.S)
bad = 0
for path, block in blocks:
    lines = block.split("\n")
    source = open(f"{root}/{path}", encoding="utf-8").read().split("\n")
    found = any(source[i:i + len(lines)] == lines for i in range(len(source) - len(lines) + 1))
    if found:
        print(f"ok {path} ({len(lines)} lines)")
    else:
        first = next((l for l in lines if l not in source), lines[0])
        print(f"missing {path}: {first.strip()}")
        bad += 1
if not blocks:
    print("missing: no snippet blocks in README.md")
    bad = 1
sys.exit(1 if bad else 0)
