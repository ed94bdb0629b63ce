"""``@record`` behaves as ``@dataclass(frozen=True)``: each record class of the engine and random classes are
checked against dataclass twins built from the same fields (gpuplanner/core/records.py)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.core import framework, memory_states, model, presets, scenario, value_checks
from gpuplanner.core.records import record
from gpuplanner.core.scenario_io import read_scenario
from gpuplanner.core.scenario_keys import TABLES

ROOT = Path(__file__).resolve().parents[2]
RECORD_MODULES = (scenario, model, framework, value_checks, memory_states)


def twin(cls: type) -> type:
    """The same fields as a plain ``@dataclass(frozen=True)``."""
    specs = []
    for f in dataclasses.fields(cls):
        extra: dict[str, Any] = {"compare": f.compare, "hash": f.hash, "repr": f.repr}
        if f.default is not dataclasses.MISSING:
            extra["default"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            extra["default_factory"] = f.default_factory
        specs.append((f.name, f.type, dataclasses.field(**extra)))
    namespace = {"__post_init__": cls.__post_init__} if hasattr(cls, "__post_init__") else {}
    made = dataclasses.make_dataclass(cls.__name__, specs, frozen=True, namespace=namespace)
    made.__qualname__ = cls.__qualname__
    return made


def outcome(call: Callable[[], Any]) -> tuple[str, str]:
    try:
        return ("ok", repr(call()))
    except Exception as exc:  # the exception's type and text are what is compared
        return (type(exc).__name__, str(exc))


def record_classes() -> list[type]:
    found = []
    for module in RECORD_MODULES:
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ and dataclasses.is_dataclass(value):
                found.append(value)
    return found


def instances() -> list[object]:
    """Real instances of every record class: the examples' scenarios and their parts, the presets, the
    framework profiles, the key table, state bytes."""
    found: list[object] = []
    for path in sorted((ROOT / "examples").glob("*.gpuplan.toml")) + [ROOT / "resources/default.gpuplan.toml"]:
        s = read_scenario(path)
        found.append(s)
        found.extend(getattr(s, f.name) for f in dataclasses.fields(s) if dataclasses.is_dataclass(getattr(s, f.name)))
    found.extend(presets.presets().values())
    found.extend(framework.PROFILES.values())
    found.extend(key for table in TABLES.values() for key in list(table.values())[:3])
    found.append(memory_states.StateBytes(2.0, 2.0, 4.0, 8.0))
    return found


def test_the_scenario_classes_are_records() -> None:
    # the first paint relies on them (issue #15): a plain @dataclass here would bring the compiled text back
    classes = record_classes()
    assert {c.__name__ for c in classes} >= {
        "Scenario",
        "Workload",
        "ModelSpec",
        "FrameworkProfile",
        "Key",
        "StateBytes",
    }
    for cls in classes:
        assert cls.__init__.__module__ == "gpuplanner.core.records", cls


@pytest.mark.parametrize("obj", instances(), ids=lambda o: type(o).__name__)
def test_real_instances_behave_as_their_dataclass_twins(obj: Any) -> None:
    cls = type(obj)
    Twin = twin(cls)
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(cls)}
    other = Twin(**values)
    assert repr(obj) == repr(other)
    assert hash(obj) == hash(other)
    assert cls(*values.values()) == obj
    assert dataclasses.replace(obj) == obj and dataclasses.replace(obj) is not obj
    assert list(vars(dataclasses.replace(obj))) == list(vars(other)) == list(vars(obj))  # field order kept
    assert obj.__eq__(other) is NotImplemented and other.__eq__(obj) is NotImplemented
    assert dataclasses.asdict(obj) == dataclasses.asdict(other)
    assert copy.deepcopy(obj) == obj and copy.copy(obj) == obj
    if not isinstance(obj, value_checks.Key):  # a key holds its check, a local function
        assert pickle.loads(pickle.dumps(obj)) == obj
    first = dataclasses.fields(cls)[0].name
    for target in (obj, other):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{first}'"):
            setattr(target, first, None)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{first}'"):
            delattr(target, first)
    assert str(inspect.signature(cls)) == str(inspect.signature(Twin))
    assert cls.__match_args__ == Twin.__match_args__
    assert cls.__dataclass_params__.frozen and cls.__dataclass_params__.eq
    # argument errors read the same
    required = [
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    for call in (
        lambda c: c(),
        lambda c: c(*values.values(), 1),
        lambda c: c(*list(values.values())[:1], **{first: 1}),
        lambda c: c(**values, not_a_field=1),
        lambda c: c(**{k: v for k, v in values.items() if k not in required[:2]}),
    ):
        assert outcome(lambda: call(cls)) == outcome(lambda: call(Twin))  # noqa: B023 - called at once


FIELD_SPECS = st.lists(
    st.tuples(
        st.sampled_from(["none", "default", "factory"]),
        st.booleans(),  # compare
        st.sampled_from([None, True, False]),  # hash
        st.booleans(),  # repr
    ),
    max_size=6,
)


@settings(max_examples=60, deadline=None)
@given(FIELD_SPECS, st.lists(st.integers(-3, 3), min_size=6, max_size=6), st.data())
def test_random_classes_behave_as_dataclasses(
    specs: list[tuple[str, bool, bool | None, bool]], given_values: list[int], data: st.DataObject
) -> None:
    specs = sorted(specs, key=lambda s: s[0] != "none")  # required fields first, as Python demands
    columns = []
    for i, (default, compare, hashed, shown) in enumerate(specs):
        extra: dict[str, Any] = {"compare": compare, "hash": hashed, "repr": shown}
        if default == "default":
            extra["default"] = i
        elif default == "factory":
            extra["default_factory"] = lambda i=i: [i]
        columns.append((f"f{i}", "int", dataclasses.field(**extra)))
    plain = dataclasses.make_dataclass("R", columns, frozen=True)
    ours = record(type("R", (), {"__annotations__": {n: t for n, t, _ in columns}, **{n: f for n, _, f in columns}}))
    count = data.draw(st.integers(0, len(columns) + 1))
    args = given_values[:count]
    a = outcome(lambda: plain(*args))
    b = outcome(lambda: ours(*args))
    assert a == b
    if a[0] == "ok":
        x, y = plain(*args), ours(*args)
        assert outcome(lambda: hash(x)) == outcome(lambda: hash(y))
        assert repr(x) == repr(y)
        swapped = ours(*[v + 1 for v in args])
        assert (ours(*args) == swapped) == (plain(*args) == plain(*[v + 1 for v in args]))
        assert str(inspect.signature(plain)) == str(inspect.signature(ours))


def test_what_record_does_not_take_is_refused() -> None:
    class WithSlots:
        __slots__ = ("a",)
        a: int

    with pytest.raises(TypeError, match="__slots__"):
        record(WithSlots)

    class KwOnly:
        a: int = dataclasses.field(kw_only=True)

    with pytest.raises(TypeError, match="plain fields"):
        record(KwOnly)

    class DefaultFirst:
        a: int = 1
        b: int

    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        record(DefaultFirst)


class Doubled:
    """A descriptor-typed field: dataclasses' __init__ assigns through the descriptor's __set__."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = "_" + name

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return 0 if obj is None else getattr(obj, self.name)

    def __set__(self, obj: object, value: int) -> None:
        object.__setattr__(obj, self.name, 2 * value)


def test_a_descriptor_field_is_set_through_its_descriptor() -> None:
    annotations = {"a": "int", "b": "int"}
    plain = dataclass_with(annotations, frozen=True)
    ours = record(type("R", (), {"__annotations__": dict(annotations), "b": Doubled()}))
    assert ours(1, 3).b == plain(1, 3).b == 6
    # replace() reads b (6) and sets it again through the descriptor: 12, as the dataclass does
    assert dataclasses.replace(ours(1, 3), a=1).b == dataclasses.replace(plain(1, 3), a=1).b == 12


def dataclass_with(annotations: dict[str, str], **options: Any) -> Any:
    return dataclasses.dataclass(**options)(type("R", (), {"__annotations__": dict(annotations), "b": Doubled()}))
