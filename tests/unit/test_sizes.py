"""Small pieces: no class in ``companion/`` over 400 lines, no function over 60
(docs/architecture.md, "Style").

**How a piece is measured.** Its size is ``end_lineno - lineno + 1`` of its ``ast`` node: from
the ``def`` or ``class`` line (its decorators not counted) to its last line, with its docstring,
comments and blank lines inside. A nested function counts in its parent's lines as well as in
its own; a method counts in its class's lines.

**The one exemption: a declaration table.** A function is exempt from the 60 lines when its
body, a docstring aside, is exactly one statement that is either

- an expression statement whose expression is a call (a game's ``__init__`` that is one
  ``super().__init__(by_seat(...), ...)``), or
- a ``return`` of an expression,

and that expression is built only of calls, names, attribute look-ups, constants,
tuple/list/set/dict displays, ``*``/``**`` unpacking, keyword arguments and a sign before a
number. A comprehension, a lambda, a conditional, an operator, a comparison, a subscript or an
f-string anywhere in it is logic, and the function is measured like any other. A class has no
exemption: its declaration tables count in its lines.

>>> len(oversized("def f():\\n" + "    x = 1\\n" * 60))
1
>>> oversized("def f():\\n    return g(\\n" + "        1,\\n" * 60 + "    )\\n")
[]
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from tests.support import ROOT

MAX_CLASS_LINES = 400
MAX_FUNCTION_LINES = 60
#: what a declaration table's one expression may be built of (docstring above)
DECLARATIVE = (
    ast.Call,
    ast.Name,
    ast.Attribute,
    ast.Constant,
    ast.Tuple,
    ast.List,
    ast.Set,
    ast.Dict,
    ast.Starred,
    ast.keyword,
    ast.expr_context,
    ast.UnaryOp,
    ast.USub,
    ast.UAdd,
)

Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Piece:
    """A class or function that is over its limit."""

    where: str  # file:line
    name: str  # dotted from the module: Class.method, outer.inner
    lines: int
    limit: int

    def __str__(self) -> str:
        return f"{self.where} {self.name}: {self.lines} lines (at most {self.limit})"


def size(node: ast.stmt) -> int:
    assert node.end_lineno is not None
    return node.end_lineno - node.lineno + 1


def is_declaration_table(function: Function) -> bool:
    """One call, or one return, built of declarations only (the module's docstring)."""
    body = function.body
    if body and _is_docstring(body[0]):
        body = body[1:]
    if len(body) != 1:
        return False
    statement = body[0]
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        expression: ast.expr = statement.value
    elif isinstance(statement, ast.Return) and statement.value is not None:
        expression = statement.value
    else:
        return False
    return all(_declarative(node) for node in ast.walk(expression))


def _declarative(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.operand, ast.Constant)
    return isinstance(node, DECLARATIVE)


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def oversized(source: str, filename: str = "<source>") -> list[Piece]:
    """Every class and function of ``source`` over its limit, in the order they start."""
    found: list[Piece] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                limit = MAX_CLASS_LINES if isinstance(child, ast.ClassDef) else MAX_FUNCTION_LINES
                exempt = not isinstance(child, ast.ClassDef) and is_declaration_table(child)
                if size(child) > limit and not exempt:
                    found.append(Piece(f"{filename}:{child.lineno}", name, size(child), limit))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source, filename), "")
    return found


def test_no_class_or_function_in_companion_is_over_its_limit() -> None:
    pieces = [
        piece
        for path in sorted((ROOT / "companion").rglob("*.py"))
        for piece in oversized(path.read_text(encoding="utf-8"), _relative(path))
    ]
    assert not pieces, "split these along the lines the code already has:\n" + "\n".join(
        str(piece) for piece in pieces
    )


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


# -- the measure itself can fail -----------------------------------------------------------


def _function(statements: int, statement: str = "x = 1", name: str = "f") -> str:
    """A function of ``statements`` body lines, each ``statement``: 1 + statements lines."""
    return f"def {name}():\n" + f"    {statement}\n" * statements


def _table(arguments: int, argument: str = "g(1)", head: str = "super().__init__(") -> str:
    """A declaration table over ``arguments`` lines: 3 + arguments lines."""
    return f"def __init__(self):\n    {head}\n" + f"        {argument},\n" * arguments + "    )\n"


def test_a_function_over_60_lines_is_named_with_its_size_and_60_are_fine() -> None:
    assert oversized(_function(59)) == []
    [piece] = oversized(_function(60), "m.py")
    assert (piece.where, piece.name, piece.lines, piece.limit) == ("m.py:1", "f", 61, 60)


def test_a_class_over_400_lines_is_named_and_its_long_method_too() -> None:
    method = "    " + _function(70, name="m").replace("\n", "\n    ").rstrip() + "\n"
    padding = "    x = 1\n" * (401 - 1 - 71)
    source = "class C:\n" + padding + method
    assert [(p.name, p.lines) for p in oversized(source)] == [("C", 401), ("C.m", 71)]
    assert [p.name for p in oversized("class C:\n" + "    x = 1\n" * 399)] == []


def test_a_nested_function_counts_in_its_parent_and_on_its_own() -> None:
    inner = "    " + _function(61, name="inner").replace("\n", "\n    ").rstrip() + "\n"
    source = "def outer():\n" + inner
    assert [p.name for p in oversized(source)] == ["outer", "outer.inner"]


def test_one_call_or_return_of_declarations_is_exempt_whatever_its_length() -> None:
    assert oversized(_table(70)) == []
    assert oversized(_table(70, 'Field("n", FieldType.INT, low=-1, high=10, *more, **kw)')) == []
    assert oversized(_table(70, head="return dict(")) == []
    assert oversized(_table(70, "[1, (2, 3), {4}, {'a': b}]", head="return (")) == []
    with_docstring = _table(70).replace("\n", '\n    """Declared."""\n', 1)
    assert oversized(with_docstring) == []


def test_logic_inside_the_one_call_is_measured_like_any_function() -> None:
    for logic in (
        "tuple(x for x in y)",
        "[x for x in y]",
        "lambda: 1",
        "a if b else c",
        "a + b",
        "a < b",
        "a or b",
        "a[0]",
        "f'{a}'",
        "-a",
    ):
        assert [p.lines for p in oversized(_table(70, logic))] == [73], logic


def test_two_statements_or_a_bare_expression_are_no_table() -> None:
    two = _table(70).replace("\n", "\n    card = g(1)\n", 1)
    assert [p.name for p in oversized(two)] == ["__init__"]
    not_a_call = _table(70, head="(")
    assert [p.name for p in oversized(not_a_call)] == ["__init__"]
    assert [p.name for p in oversized(_function(61, "pass"))] == ["f"]
