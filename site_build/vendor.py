"""Browser modules from npm copied into ``dist/vendor/``, every import made a relative path.

The live tables sign their rendezvous messages with ``nostr-tools`` (its ``pure`` entry point:
keys, event signing and checking) and the ``@noble`` libraries it imports. A browser cannot
resolve bare specifiers such as ``"@noble/curves/secp256k1.js"`` without an import map (which
the page's Content-Security-Policy would have to allow inline), so the build follows the import
graph from each entry point, copies only the modules reached, and rewrites each specifier to the
copied file's relative path. Nothing else in a file changes.

``dist/vendor/<package>/<path inside the package>``: e.g. ``vendor/nostr-tools/lib/esm/pure.js``.
"""
from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"

#: What the site imports from npm at run time: (package, export subpath).
ENTRIES = [("nostr-tools", "./pure")]

#: Hosts named in the copied files, each reviewed: all are citations in source comments of the
#: cryptography libraries (papers, standards, bug trackers); none is ever contacted.
REVIEWED_HOSTS = {host: "a citation in a source comment" for host in (
    "brilliant.org", "bugzil.la", "caniuse.com", "crypto.stackexchange.com", "csrc.nist.gov", "eprint.iacr.org",
    "github.com", "issues.chromium.org", "letsencrypt.org", "luca.ntop.org", "nvlpubs.nist.gov", "paulmillr.com",
    "research.kudelskisecurity.com", "tches.iacr.org", "unlicense.org", "www.rfc-editor.org", "www.secg.org",
    "www.typescriptlang.org")}

#: ``import … from "x"``, ``export … from "x"`` and ``import "x"`` statements: a line that opens
#: with ``import``, ``export`` or the ``}`` closing a multi-line list (never one in a comment).
_SPEC = re.compile(r"""^(\s*(?:(?:import|export)\b[^"'\n]*?\bfrom\s*|import\s*|\}\s*from\s*))(["'])([^"'\n]+)\2""", re.M)


def _package_of(spec: str) -> tuple[str, str]:
    """("@noble/curves", "./secp256k1.js") from "@noble/curves/secp256k1.js"."""
    parts = spec.split("/")
    n = 2 if spec.startswith("@") else 1
    return "/".join(parts[:n]), "./" + "/".join(parts[n:]) if len(parts) > n else "."


def _condition(target) -> str | None:
    """The file an ``exports`` target names for a browser ES module import."""
    if isinstance(target, str):
        return target
    if isinstance(target, dict):
        for key in ("browser", "import", "module", "default"):
            if key in target:
                found = _condition(target[key])
                if found:
                    return found
    return None


def resolve(package: str, subpath: str) -> Path:
    """The file of ``package`` an import of ``subpath`` means (its package.json ``exports``)."""
    base = NODE_MODULES / package
    meta = json.loads((base / "package.json").read_text())
    exports = meta.get("exports")
    target = None
    if isinstance(exports, dict) and any(k.startswith(".") for k in exports):
        if subpath in exports:
            target = _condition(exports[subpath])
        else:
            for key, value in exports.items():
                if "*" in key:
                    head, tail = key.split("*", 1)
                    if subpath.startswith(head) and subpath.endswith(tail):
                        star = subpath[len(head):len(subpath) - len(tail)]
                        found = _condition(value)
                        target = found.replace("*", star) if found else None
                        break
    elif subpath == ".":
        target = _condition(exports) if exports else meta.get("module") or meta.get("main") or "index.js"
    else:
        target = subpath
    if not target:
        raise SystemExit(f"vendor: {package} exports nothing for {subpath!r}")
    path = (base / target).resolve()
    if base.resolve() not in path.parents or not path.is_file():
        raise SystemExit(f"vendor: {package}{subpath[1:]} resolves to {target!r}, not a file of the package")
    return path


def _out_name(path: Path) -> PurePosixPath:
    return PurePosixPath(path.resolve().relative_to(NODE_MODULES.resolve()).as_posix())


def _relative(from_file: PurePosixPath, to_file: PurePosixPath) -> str:
    up = len(from_file.parent.parts)
    rel = "/".join([".."] * up + list(to_file.parts)) if up else to_file.as_posix()
    return rel if rel.startswith(".") else "./" + rel


def vendor(dist: Path) -> list[str]:
    """Copy the entry points and every module they reach; returns the copied paths (under vendor/)."""
    out_root = dist / "vendor"
    todo = [resolve(pkg, sub) for pkg, sub in ENTRIES]
    done: dict[Path, PurePosixPath] = {}
    while todo:
        src = todo.pop()
        if src in done:
            continue
        name = _out_name(src)
        done[src] = name
        text = src.read_text(encoding="utf-8")

        def rewrite(m: re.Match) -> str:
            spec = m.group(3)
            if spec.startswith(("./", "../")):
                target = (src.parent / spec).resolve()
            elif spec.startswith("/") or re.match(r"^[a-z]+:", spec):
                raise SystemExit(f"vendor: {name} imports {spec!r}: only package and relative imports are copied")
            else:
                target = resolve(*_package_of(spec))
            if not target.is_file():
                raise SystemExit(f"vendor: {name} imports {spec!r}, which is not there")
            todo.append(target)
            return f"{m.group(1)}{m.group(2)}{_relative(name, _out_name(target))}{m.group(2)}"

        out = out_root / name
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(_SPEC.sub(rewrite, text), encoding="utf-8")
        # Each package's licence goes with its code.
        pkg_dir = NODE_MODULES / name.parts[0] if not name.parts[0].startswith("@") else NODE_MODULES / name.parts[0] / name.parts[1]
        for lic in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
            if (pkg_dir / lic).is_file():
                dst = out_root / _out_name(pkg_dir / lic)
                if not dst.exists():
                    dst.write_bytes((pkg_dir / lic).read_bytes())
    return sorted(str(n) for n in done.values())


if __name__ == "__main__":  # a quick look: python -m site_build.vendor /tmp/out
    import sys
    for line in vendor(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/vendor-check")):
        print(line)
