"""The mutation sites of a Swift module and their schemata, for scripts/mutate.

A site is a token of code (never a comment or a string) on a line that is not a declaration's
signature: a binary arithmetic operator or comparison (written with a space on each side, as Swift
requires of a binary operator), a numeric literal outside a range or subscript, or a call with two
arguments on one line. Each site gives one or more mutants (OPERATORS). In the schema, an operator
site becomes a custom operator of its own whose body chooses, by `__hookeMutant`, between the
original operation and the mutant; a literal becomes `(__hookeMutant == k ? mutated : original)`;
swapped arguments become two such choices. Every edit stays on its line, so a compiler error's
line names the mutant to drop.
"""

import hashlib
import json
import os
import re
import subprocess
import sys

SCHEMA_FILE = "HookeMutantSchema.swift"
SWITCH = "__hookeMutant"

OPERATORS = {
    "swap-operator": "swap an arithmetic operator: + ↔ −, × ↔ ÷",
    "drop-term": "drop a term: a + b, a − b, a × b, a ÷ b → a",
    "literal×(1+1e-6)": "nudge a numeric literal by ×(1 + 1e-6)",
    "literal×(1−1e-6)": "nudge a numeric literal by ×(1 − 1e-6)",
    "literal×1.1": "nudge a numeric literal by ×1.1",
    "comparison-boundary": "flip a comparison's boundary: < ↔ ≤, > ↔ ≥",
    "comparison-negate": "negate a comparison: < → ≥, ≤ → >, > → ≤, ≥ → <, == ↔ !=",
    "swap-arguments": "swap the two arguments of a call",
}

LITERAL_FACTORS = {"literal×(1+1e-6)": "(1 + 1e-6)", "literal×(1−1e-6)": "(1 - 1e-6)", "literal×1.1": "1.1"}
SWAPPED = {"+": "-", "-": "+", "*": "/", "/": "*"}
BOUNDARY = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
PRECEDENCE = {"+": "AdditionPrecedence", "-": "AdditionPrecedence", "*": "MultiplicationPrecedence",
              "/": "MultiplicationPrecedence"}
# A declaration's signature is not mutated (defaults, generic constraints): only what follows its `{`.
DECLARATION = re.compile(r"\b(func|init|subscript|case|typealias|associatedtype|extension|struct|enum|class|"
                         r"protocol|where|import|operator|precedencegroup)\b")
COMMUTATIVE = {"min", "max", "Swift.min", "Swift.max"}
KEYWORDS = {"if", "while", "guard", "switch", "return", "for", "in", "catch", "repeat", "func", "init", "subscript"}


def module_files(directory):
    files = []
    for root, _, names in os.walk(directory):
        files += [os.path.relpath(os.path.join(root, n), directory) for n in names if n.endswith(".swift")]
    return sorted(f for f in files if os.path.basename(f) != SCHEMA_FILE)


def code_mask(text):
    """For each character, whether it is code (not a comment, not inside a string literal)."""
    mask = [True] * len(text)
    i, n, depth = 0, len(text), 0
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            mask[i:j] = [False] * (j - i)
            i = j
        elif text.startswith("/*", i):
            j, depth = i + 2, 1
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            mask[i:j] = [False] * (j - i)
            i = j
        elif text[i] == '"' or text.startswith('#"', i):
            start = i
            hashes = 0
            while text[i] == "#":
                hashes, i = hashes + 1, i + 1
            closing = '"""' if text.startswith('"""', i) else '"'
            i += len(closing)
            terminator = closing + "#" * hashes
            while i < n and not text.startswith(terminator, i):
                i += 2 if text[i] == "\\" and not hashes else 1
            i = min(n, i + len(terminator))
            mask[start:i] = [False] * (i - start)
        else:
            i += 1
    return mask


class Mutant:
    def __init__(self, path, line, line_text, start, end, operator, token, occurrence, extra=None):
        self.path, self.line, self.line_text = path, line, line_text
        self.start, self.end = start, end          # columns of the token (or the argument list) in the line
        self.operator, self.token, self.occurrence = operator, token, occurrence
        self.extra = extra                         # swap-arguments: ((start, end), (start, end)) of the values
        self.id = 0
        self.schema_line = 0
        self.outcome, self.evidence, self.seconds, self.argument = None, None, None, None

    def key(self):
        return (self.path, self.line_text.strip(), self.occurrence, self.operator)

    def overlaps(self, other):
        return self.path == other.path and self.line == other.line and self.start < other.end and other.start < self.end

    def operator_name(self):
        """A custom operator unique to this mutant (operator characters U+2200–U+22FF)."""
        return chr(0x2200 + self.id // 256) + chr(0x2200 + self.id % 256) + "\u2218"

    def choice(self, mutated, original):
        return f"({SWITCH} == {self.id} ? {mutated} : {original})"

    def schema_edits(self):
        """(start, end, replacement) edits of the line."""
        if self.operator in ("swap-operator", "drop-term", "comparison-boundary", "comparison-negate"):
            return [(self.start, self.end, self.operator_name())]
        if self.operator in LITERAL_FACTORS:
            return [(self.start, self.end, self.choice(f"{self.token} * {LITERAL_FACTORS[self.operator]}", self.token))]
        (a0, a1), (b0, b1) = self.extra
        a, b = self.line_text[a0:a1], self.line_text[b0:b1]
        return [(a0, a1, self.choice(b, a)), (b0, b1, self.choice(a, b))]

    def mutated_line(self):
        """The line with the plain mutant (not the schema), for the report's diff."""
        text = self.line_text
        if self.operator == "swap-operator":
            return text[:self.start] + SWAPPED[self.token] + text[self.end:]
        if self.operator == "drop-term":
            return text[:self.start - 1] + f" /* dropped: {self.token} right operand */ " + text[self.end + 1:]
        if self.operator == "comparison-boundary":
            return text[:self.start] + BOUNDARY[self.token] + text[self.end:]
        if self.operator == "comparison-negate":
            return text[:self.start] + NEGATED[self.token] + text[self.end:]
        if self.operator in LITERAL_FACTORS:
            return text[:self.start] + f"({self.token} * {LITERAL_FACTORS[self.operator]})" + text[self.end:]
        (a0, a1), (b0, b1) = self.extra
        return text[:a0] + text[b0:b1] + text[a1:b0] + text[a0:a1] + text[b1:]

    def schema_declaration(self):
        name, token = self.operator_name(), self.token
        if self.operator in ("swap-operator", "drop-term"):
            mutated = f"lhs {SWAPPED[token]} rhs" if self.operator == "swap-operator" else "lhs"
            needs = {"+": "AdditiveArithmetic", "-": "AdditiveArithmetic", "*": "Numeric", "/": "FloatingPoint"}[token]
            if self.operator == "swap-operator" and token == "*":
                needs = "FloatingPoint"
            return (f"infix operator {name}: {PRECEDENCE[token]}; @inlinable func {name}<T: {needs}>(lhs: T, rhs: T) -> T "
                    f"{{ {SWITCH} == {self.id} ? {mutated} : lhs {token} rhs }}")
        if self.operator in ("comparison-boundary", "comparison-negate"):
            mutated = (BOUNDARY if self.operator == "comparison-boundary" else NEGATED)[token]
            needs = "Equatable" if token in ("==", "!=") else "Comparable"
            return (f"infix operator {name}: ComparisonPrecedence; @inlinable func {name}<T: {needs}>(lhs: T, rhs: T) -> Bool "
                    f"{{ {SWITCH} == {self.id} ? lhs {mutated} rhs : lhs {token} rhs }}")
        return f"// mutant {self.id}: {self.operator} in place"

    def record(self):
        record = {"id": self.id, "path": self.path, "line": self.line, "operator": self.operator,
                  "original": self.line_text.strip(), "mutated": self.mutated_line().strip(), "outcome": self.outcome,
                  "verifySeconds": None if self.seconds is None else round(self.seconds, 2), "evidence": self.evidence}
        if self.argument:
            record["argument"] = self.argument
        return record


ARITHMETIC = re.compile(r"(?<=\s)([+\-*/])(?=\s)")
COMPARISON = re.compile(r"(?<=\s)(<=|>=|==|!=|<|>)(?=\s)")
LITERAL = re.compile(r"(?<![\w.$])(\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)(?![\w.])")
CALL = re.compile(r"([A-Za-z_][\w.]*)\(")
UNTYPED_CONSTANT = re.compile(r"\s*(?:(?:public|private|fileprivate|internal|package|static|@\w+)\s+)*(?:let|var)\s+\w+\s*=\s*-?"
                              r"[\d_.eE+-]+\s*(?://.*)?$")


def mutable_from(line):
    """The column where mutable code starts on a line (len(line) when none of it is)."""
    stripped = line.lstrip()
    if not stripped or stripped.startswith("#"):
        return len(line)
    # An attribute's own line has no code; a declaration after attributes on one line
    # (`@inlinable static var step: Double { 1.0 / 300.0 }`) has its body after the `{`.
    if DECLARATION.search(line) or stripped.startswith("@"):
        brace = line.find("{")
        return len(line) if brace < 0 else brace + 1
    return 0


def split_arguments(line, mask, open_index):
    """The two top-level argument spans of the call whose `(` is at open_index, or None."""
    depth, parts, start = 0, [], open_index + 1
    for j in range(open_index, len(line)):
        if not mask[j]:
            continue
        c = line[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                parts.append((start, j))
                break
        elif c == "," and depth == 1:
            parts.append((start, j))
            start = j + 1
        if c == "{":
            return None
    else:
        return None
    if len(parts) != 2:
        return None
    values = []
    for a, b in parts:
        text = line[a:b]
        label = re.match(r"\s*\w+\s*:\s*", text)
        a += label.end() if label else len(text) - len(text.lstrip())
        b -= len(text) - len(text.rstrip())
        if a >= b or line[a] == "&" or not all(mask[a:b]) and '"' in line[a:b]:
            return None
        values.append((a, b))
    if line[values[0][0]:values[0][1]] == line[values[1][0]:values[1][1]]:
        return None
    return values


def candidates(directory):
    found = []
    for path in module_files(directory):
        with open(os.path.join(directory, path), encoding="utf-8") as handle:
            text = handle.read()
        mask = code_mask(text)
        offset = 0
        for number, line in enumerate(text.split("\n"), 1):
            line_mask = mask[offset:offset + len(line)]
            offset += len(line) + 1
            first = mutable_from(line)
            seen = {}

            def add(start, end, operator, token, extra=None):
                occurrence = seen.get((operator, token), 0)
                seen[(operator, token)] = occurrence + 1
                found.append(Mutant(path, number, line, start, end, operator, token, occurrence, extra))

            for match in ARITHMETIC.finditer(line):
                if match.start() >= first and line_mask[match.start()]:
                    add(match.start(), match.end(), "swap-operator", match.group(1))
                    add(match.start(), match.end(), "drop-term", match.group(1))
            for match in COMPARISON.finditer(line):
                if match.start() >= first and line_mask[match.start()]:
                    if match.group(1) in BOUNDARY:
                        add(match.start(), match.end(), "comparison-boundary", match.group(1))
                    add(match.start(), match.end(), "comparison-negate", match.group(1))
            for match in LITERAL.finditer(line):
                before, after = line[:match.start()].rstrip(), line[match.end():].lstrip()
                if (match.start() < first or not line_mask[match.start()] or before.endswith("[") or after.startswith("]")
                        or float(match.group(1).replace("_", "")) == 0  # a scaled zero is still zero
                        or UNTYPED_CONSTANT.match(line)):  # `let n = 1024`: the mutant would retype n
                    continue
                for operator in LITERAL_FACTORS:
                    add(match.start(), match.end(), operator, match.group(1))
            for match in CALL.finditer(line):
                name, open_index = match.group(1), match.end() - 1
                if (match.start() < first or not line_mask[match.start()] or name in KEYWORDS or name in COMMUTATIVE
                        or line[:match.start()].rstrip().endswith(("func", "init"))):
                    continue
                values = split_arguments(line, line_mask, open_index)
                if values:
                    add(values[0][0], values[1][1], "swap-arguments", name, values)
    return found


def seeded_order(found, seed):
    """The candidates in a random order fixed by the seed and each mutant's own text (its file,
    line text, occurrence and operator), so editing one file leaves the others' order alone."""
    def rank(mutant):
        return hashlib.sha256(f"{seed}|{'|'.join(map(str, mutant.key()))}".encode()).hexdigest()
    return sorted(found, key=rank)


def schematize(text, mutants):
    if not mutants:
        return text
    lines = text.split("\n")
    for number in sorted({m.line for m in mutants}):
        edits = sorted((e for m in mutants if m.line == number for e in m.schema_edits()), reverse=True)
        line = lines[number - 1]
        for start, end, replacement in edits:
            line = line[:start] + replacement + line[end:]
        lines[number - 1] = line
    return "\n".join(lines)


def schema_file(mutants):
    header = [
        "// Mutant schemata written by scripts/mutate into its scratch copy; never part of the package's sources.",
        "import Foundation",
        f"@usableFromInline let {SWITCH}: Int = Int(ProcessInfo.processInfo.environment[\"HOOKE_MUTANT\"] ?? \"\") ?? 0",
    ]
    lines = list(header)
    for mutant in sorted(mutants, key=lambda m: m.id):
        mutant.schema_line = len(lines) + 1
        lines.append(mutant.schema_declaration())
    return "\n".join(lines) + "\n"


def load_equivalents(path):
    """{key: (kind, argument)} of the mutants argued equivalent or within the contract
    (scripts/mutation-equivalents.json; an entry without "kind" is "equivalent")."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as handle:
        entries = json.load(handle)["equivalents"]
    table = {}
    for e in entries:
        kind = e.get("kind", "equivalent")
        if kind not in ("equivalent", "within-contract"):
            sys.exit(f"scripts/mutate: {path}: kind {kind!r} of {e['path']} ({e['operator']}) is not "
                     "'equivalent' or 'within-contract'")
        table[(e["path"], e["line"], e.get("occurrence", 0), e["operator"], e.get("mutated"))] = (kind, e["argument"])
    return table


def stale(equivalents, found, directory):
    """The keys of load_equivalents() that match no mutant in `found` although their file is in
    `directory`: entries whose line was edited or removed since they were argued, and which no
    longer apply to anything (re-key them to the new line, or delete them)."""
    keys = set()
    for mutant in found:
        keys.add(mutant.key() + (None,))
        keys.add(mutant.key() + (mutant.mutated_line().strip(),))
    return sorted((key for key in equivalents if key not in keys and os.path.isfile(os.path.join(directory, key[0]))),
                  key=lambda key: (key[0], key[1], key[2], key[3]))


def argued(mutant, equivalents):
    """The (kind, argument) of load_equivalents() for `mutant`, or None. An entry naming the mutated
    line ("mutated") applies to that mutant only; one without applies to every mutant with its path,
    line, occurrence and operator — several, when two tokens on the line take the same operator."""
    key = mutant.key()
    return equivalents.get(key + (mutant.mutated_line().strip(),)) or equivalents.get(key + (None,))


def commit(root):
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                           capture_output=True, text=True).stdout.strip()
    return head + ("+dirty" if dirty else "")
