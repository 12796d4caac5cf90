"""The per-call memory limit of the worker processes, and what a call over it is reported as.

A metric whose memory grows as n**2 (an n x n distance matrix: 280 GB at n = 1e5) would make the
machine swap, or get its worker killed by the kernel with no clear verdict. Each target call in a
worker therefore runs under a memory limit (``--memory-limit``, :func:`default_limit`), enforced two ways:

- in the worker, ``RLIMIT_DATA`` is set to the worker's data size at the start of the call plus the
  limit, and put back (unlimited) when the call returns. RLIMIT_DATA counts private writable memory
  (heap, NumPy's and torch's buffers, thread stacks) and not the address space a library only reserves
  (torch, numba and BLAS reserve gigabytes of it: ``RLIMIT_AS`` would refuse their imports). An
  allocation past it fails at once: NumPy raises ``MemoryError``, torch a ``RuntimeError`` saying it
  cannot allocate; the runner reports either as status ``memory`` with the call and the sizes of its
  arguments, and the search goes on in the same worker.
- in the parent, the memory the worker holds (resident anonymous and shared-memory pages, from
  ``/proc/<pid>/status``; not the pages of mapped files such as a library's code) is read every 50 ms
  while it is in a target call; a worker holding more than the limit above what it held at the start of
  the call (memory RLIMIT_DATA does not count: shared mappings, ``/dev/shm``) is killed, and the result is status ``memory`` naming
  the call in flight, as a ``hang`` names it. The audit goes on with a fresh worker.

Only the target's calls run under the limit: the spec's own work between calls (building a large
case, the catalog's value it is compared with) does not.
"""

from __future__ import annotations

import math
import os
import re

try:
    import resource
except ImportError:  # not on a POSIX system: the watchdog alone
    resource = None

#: the default is the smaller of this and half the machine's physical memory shared among the workers
DEFAULT_CAP = 4 << 30

_UNITS = {"": 1, "b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*([kmgt]?)(?:i?b)?\s*$", re.IGNORECASE)
#: below this a worker cannot even run a property: a limit this small is a typo
MINIMUM = 16 << 20

#: the limit of the worker this process is (set by the worker at fork); None: no limit (in-process runs)
ACTIVE: dict = {"limit": None}

#: what the allocators of the libraries we know say when an allocation fails (torch: "DefaultCPUAllocator:
#: can't allocate memory", C++: std::bad_alloc, glibc's strerror(ENOMEM): "Cannot allocate memory")
_OUT_OF_MEMORY_TEXT = re.compile(r"can't allocate memory|cannot allocate memory|unable to allocate|out of memory|"
                                 r"not enough memory|bad_alloc|failed to allocate", re.IGNORECASE)


def physical_memory() -> int | None:
    """Bytes of physical memory of this machine (None if the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def default_limit(workers: int = 1) -> int:
    """The smaller of 4 GiB and half the machine's physical memory divided among ``workers`` (the audit's
    ``--jobs``): every worker may reach its limit at once, and together they must still leave the machine
    half its memory. Never below :data:`MINIMUM`."""
    physical = physical_memory()
    if not physical:
        return DEFAULT_CAP
    return max(MINIMUM, min(DEFAULT_CAP, physical // (2 * max(1, workers))))


def parse_size(text: str) -> int | None:
    """``4G``, ``512M``, ``1.5g``, ``200MB``, ``300MiB``, ``1073741824`` -> bytes (binary units); ``none`` -> None.

    Raises ValueError for anything else, and for a limit below 16 MiB (no worker runs in that).
    """
    if text.strip().lower() in ("none", "off", "unlimited"):
        return None
    m = _SIZE.match(text)
    if m is None:
        raise ValueError(f"--memory-limit: {text!r} is not a size (e.g. 4G, 512M, none)")
    size = int(float(m.group(1)) * _UNITS[m.group(2).lower()])
    if size < MINIMUM:
        raise ValueError(f"--memory-limit: {text!r} is below {format_size(MINIMUM)}: no worker runs in that")
    return size


def format_size(size: int | None) -> str:
    """``4294967296`` -> ``4 GiB``; None -> ``none``."""
    if size is None:
        return "none"
    for unit, factor in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor:
            value = size / factor
            return f"{value:.3g} {unit}" if value != int(value) else f"{int(value)} {unit}"
    return f"{size} B"


def _status(pid: int | str = "self") -> dict | None:
    """``VmData``, ``RssAnon`` and ``RssShmem`` of a process in bytes, from ``/proc/<pid>/status``; None if it
    cannot be read (the process is gone, or not on Linux)."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            text = f.read()
    except OSError:
        return None
    out = {}
    for key in (b"VmData:", b"RssAnon:", b"RssShmem:"):
        at = text.find(key)
        if at < 0:
            return None
        end = text.find(b"kB", at)
        out[key[:-1].decode()] = int(text[at + len(key) : end]) * 1024
    return out


def held(pid: int | str = "self") -> int | None:
    """The memory a process holds for itself: resident anonymous and shared-memory pages. Not the pages of
    the files it maps (a library's code, read-only data): importing torch makes hundreds of MB of them
    resident, and the kernel can drop them at will."""
    found = _status(pid)
    return None if found is None else found["RssAnon"] + found["RssShmem"]


def limit_call() -> int:
    """In a worker, at the start of a target call: put the call under the limit; return the memory held
    (:func:`held`) the parent's watchdog measures the call from (0: no limit)."""
    limit = ACTIVE["limit"]
    if limit is None:
        return 0
    found = _status()
    if found is None:
        return 0
    if resource is not None:
        try:
            resource.setrlimit(resource.RLIMIT_DATA, (found["VmData"] + limit, _HARD[0]))
        except (ValueError, OSError):
            pass  # a hard limit below: the watchdog still watches
    return max(1, found["RssAnon"] + found["RssShmem"])


def unlimit_call() -> None:
    """At the end of a target call: no limit until the next one."""
    if ACTIVE["limit"] is not None and resource is not None:
        try:
            resource.setrlimit(resource.RLIMIT_DATA, (_HARD[0], _HARD[0]))
        except (ValueError, OSError):
            pass


_HARD = [resource.RLIM_INFINITY if resource is not None else -1]


def activate(limit: int | None) -> None:
    """In a freshly forked worker: calls run under ``limit`` bytes (None: no limit)."""
    ACTIVE["limit"] = limit
    if resource is not None:
        _HARD[0] = resource.getrlimit(resource.RLIMIT_DATA)[1]


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` says an allocation failed: a ``MemoryError``, or the text the allocators of
    torch, C++ and glibc raise with (:data:`_OUT_OF_MEMORY_TEXT`)."""
    if isinstance(exc, MemoryError):
        return True
    if type(exc).__name__ == "OutOfMemoryError":  # torch.OutOfMemoryError
        return True
    try:
        return bool(_OUT_OF_MEMORY_TEXT.search(str(exc)[:2000]))
    except Exception:  # noqa: BLE001 - a target's exception whose str() raises
        return False


def describe_limit() -> str:
    limit = ACTIVE["limit"]
    if limit is None:
        return "the call ran out of memory (no --memory-limit in force: the machine's own memory)"
    return f"the call needed more memory than the limit of {format_size(limit)} (--memory-limit) allows"


# ---------------------------------------------------------------- the input size of a call


def _size_of(value, depth: int = 0) -> str:
    from properties.engine.vocabulary.named import Named

    if isinstance(value, Named):
        inner = value.value
        return value.expression if inner is None else f"{_size_of(inner, depth)}"
    shape = getattr(value, "shape", None)
    if shape is not None and hasattr(value, "dtype"):
        nbytes = getattr(value, "nbytes", None)
        if nbytes is None and hasattr(value, "element_size") and hasattr(value, "numel"):  # a torch tensor
            nbytes = value.element_size() * value.numel()
        shown = "x".join(str(int(s)) for s in shape) or "scalar"
        return f"{type(value).__name__} {shown} {value.dtype}" + (f" ({format_size(int(nbytes))})" if nbytes else "")
    if isinstance(value, (str, bytes)):
        return f"{type(value).__name__} of {len(value):_} characters"
    if isinstance(value, dict):
        return f"dict of {len(value):_} keys"
    if isinstance(value, (list, tuple)):
        kind = type(value).__name__
        if not value or depth >= 1:
            return f"{kind} of {len(value):_}"
        inner = value[0]
        if isinstance(inner, (list, tuple)) or getattr(inner, "shape", None) is not None:
            return f"{kind} of {len(value):_} ({_size_of(inner, depth + 1)} first)"
        return f"{kind} of {len(value):_}"
    return type(value).__name__


def _elements_of(value) -> int:
    from properties.engine.vocabulary.named import Named

    if isinstance(value, Named):
        return 0 if value.value is None else _elements_of(value.value)
    shape = getattr(value, "shape", None)
    if shape is not None and hasattr(value, "dtype"):
        return math.prod(int(s) for s in shape)
    if isinstance(value, (list, tuple)):  # a list of rows or of token lists: its length (the rows' are not read)
        return len(value)
    return 0


def input_elements(args: tuple, kwargs: dict) -> int:
    """The array elements (a list: its length) in a call's arguments, which a call timeout scales with."""
    return sum(_elements_of(a) for a in args) + sum(_elements_of(v) for v in kwargs.values())


def input_size(args: tuple, kwargs: dict) -> str:
    """The sizes and shapes of a call's arguments: ``list of 5, ndarray 100000x2 float64 (1.53 MiB)``."""
    parts = [_size_of(a) for a in args] + [f"{k}={_size_of(v)}" for k, v in kwargs.items()
                                           if getattr(v, "shape", None) is not None or isinstance(v, (list, tuple))]
    return ", ".join(parts)
