"""Frozen records: frozen dataclasses whose methods are closures instead of compiled text.

Why: CPython 3.11's ``dataclasses`` writes six methods per frozen class as source text and compiles each
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``); for a class of 38
fields that is about 2 ms. The scenario's classes are made before the app's first paint, and that compiling
was the largest piece of it left (issue #15, ``benchmarks/bench_ui.py``). ``@record`` lets ``dataclasses``
collect the fields (so ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` see an ordinary
frozen dataclass) and installs the six methods as closures over the field names, compiled once with this
module. They behave as the generated ones (CPython 3.11 ``dataclasses._process_class``, ``_init_fn``,
``_frozen_get_del_attr``, ``_repr_fn``, ``_cmp_fn``, ``_hash_fn``): arguments bound by position or name with
the fields' defaults and default factories, ``__post_init__`` called after, ``FrozenInstanceError`` on
assignment, equality only between instances of the same class over the ``compare`` fields, the hash of the
``hash`` (else ``compare``) fields' tuple, repr by ``__qualname__`` over the ``repr`` fields. What it does not
take (``InitVar``, ``kw_only``, ``init=False`` fields, ``slots``) is refused when the class is made.
``tests/core/test_records.py`` checks each behaviour against a ``@dataclass(frozen=True)`` twin.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform

__all__ = ["record"]

T = TypeVar("T")
_ABSENT = object()


class _Factory:
    """A default factory's place in the signature, shown as dataclasses shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _tuple_getter(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The fields' values as a tuple, as the generated methods build it (a 1-tuple for one field)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)  # type: ignore[return-value]  # several names: a tuple


def _named(cls: type, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    method.__name__ = name
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    return method


class _Signature:
    """``inspect.signature(cls)``, built on first use (the generated ``__init__`` carries it in its text)."""

    def __init__(self, every: tuple[Field[Any], ...]) -> None:
        self.every = every
        self.made: inspect.Signature | None = None

    def __get__(self, obj: object, owner: type | None = None) -> inspect.Signature:
        if self.made is None:
            kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
            self.made = inspect.Signature(
                [
                    inspect.Parameter(
                        f.name,
                        kind,
                        default=_default_shown(f),
                        annotation=f.type,
                    )
                    for f in self.every
                ],
                return_annotation=None,
            )
        return self.made


def _default_shown(f: Field[Any]) -> Any:
    if f.default_factory is not MISSING:
        return _FACTORY
    return inspect.Parameter.empty if f.default is MISSING else f.default


def _init(cls: type, every: tuple[Field[Any], ...]) -> Callable[..., None]:
    names = tuple(f.name for f in every)
    known = frozenset(names)
    required = tuple(f.name for f in every if f.default is MISSING and f.default_factory is MISSING)
    defaults = {f.name: f.default for f in every if f.default is not MISSING}
    factories = {f.name: f.default_factory for f in every if f.default_factory is not MISSING}
    count = len(names)
    post_init = getattr(cls, "__post_init__", None)
    where = f"{cls.__qualname__}.__init__()"
    assign = object.__setattr__
    plain = not any(hasattr(type(cls.__dict__.get(name)), "__set__") for name in names)
    least, most = len(required) + 1, count + 1  # self included, as Python counts
    takes = (
        f"{most} positional argument{'s' if most > 1 else ''}"
        if least == most
        else f"from {least} to {most} positional arguments"
    )

    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        if not args and len(kwargs) == count and known.issuperset(kwargs):
            # every field by name, as ``dataclasses.replace`` calls it (the engine's layout searches do, often);
            # straight into the instance dict, in field order, where no field is a descriptor of the class
            if plain:
                vars(self).update({name: kwargs[name] for name in names})
            else:
                for name in names:
                    assign(self, name, kwargs[name])
            if post_init is not None:
                post_init(self)
            return
        if len(args) > count:
            raise TypeError(f"{where} takes {takes} but {len(args) + 1} were given")
        values = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key not in known:
                raise TypeError(f"{where} got an unexpected keyword argument '{key}'")
            if key in values:
                raise TypeError(f"{where} got multiple values for argument '{key}'")
            values[key] = value
        if len(values) < count:
            missing = [name for name in required if name not in values]
            if missing:
                quoted = [f"'{name}'" for name in missing]
                # CPython's format_missing (ceval.c): 'a', 'a' and 'b', 'a', 'b', and 'c'
                head = ", ".join(quoted[:-1]) + ("," if len(quoted) > 2 else "")
                listed = quoted[0] if len(quoted) == 1 else f"{head} and {quoted[-1]}"
                plural = "argument" if len(missing) == 1 else "arguments"
                raise TypeError(f"{where} missing {len(missing)} required positional {plural}: {listed}")
        for name in names:
            value = values.get(name, _ABSENT)
            if value is _ABSENT:
                value = factories[name]() if name in factories else defaults[name]
            assign(self, name, value)
        if post_init is not None:
            post_init(self)

    return __init__


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(cls: type[T]) -> type[T]:
    """Decorate a class as a frozen dataclass (see the module docstring)."""
    if "__slots__" in cls.__dict__:
        raise TypeError(f"@record does not take __slots__ ({cls.__qualname__})")
    # dataclasses' rule: a __hash__ of the class body is kept, unless it is the None that defining __eq__ implies
    own_hash = cls.__dict__.get("__hash__", _ABSENT)
    keeps_own_hash = not (own_hash is _ABSENT or (own_hash is None and "__eq__" in cls.__dict__))
    cls = dataclass(init=False, repr=False, eq=False)(cls)
    every = fields(cls)  # type: ignore[arg-type]
    declared = getattr(cls, "__dataclass_fields__", {})
    if len(every) != len(declared) or any(not f.init or f.kw_only for f in every):
        raise TypeError(f"@record takes plain fields only (no InitVar, ClassVar, kw_only, init=False): {cls}")
    seen_default = False
    for f in every:
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument '{f.name}' follows default argument")
        seen_default |= has_default
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    params.init = params.repr = params.eq = params.frozen = True  # what the class now does

    names = tuple(f.name for f in every)
    compared = _tuple_getter(tuple(f.name for f in every if f.compare))
    hashed = _tuple_getter(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)))
    shown = tuple(f.name for f in every if f.repr)

    def __setattr__(self: object, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[misc, arg-type]

    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[misc, arg-type]

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: object) -> int:
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self: object) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    for name, method in (
        ("__init__", _init(cls, every)),
        ("__repr__", __repr__),
        ("__eq__", __eq__),
        ("__setattr__", __setattr__),
        ("__delattr__", __delattr__),
    ):
        if name in ("__setattr__", "__delattr__") and name in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        if name not in cls.__dict__:  # dataclasses keeps a method the class body defines (_set_new_attribute)
            setattr(cls, name, _named(cls, name, method))
    if not keeps_own_hash:  # eq + frozen: set even over an inherited or implied one, as dataclasses does
        cls.__hash__ = _named(cls, "__hash__", __hash__)  # type: ignore[assignment]
    cls.__signature__ = _Signature(every)  # type: ignore[attr-defined]
    return cls
