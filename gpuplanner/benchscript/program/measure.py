"""The benchmark program, part 4: memory measurements (nvidia-smi, the CPU peak tracker)."""

from __future__ import annotations

import os
import subprocess
import sys
import weakref

from .common import torch

# bench-script: the writer copies from here

# --- measurements -------------------------------------------------------------------------------------


def run_quiet(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def nvidia_smi_used(device):
    """(bytes, 'process' | 'device') for this process on this GPU from nvidia-smi; (None, None) without it."""
    if device.type != "cuda" or torch.version.hip:
        return None, None
    uuid = None
    try:
        uuid = str(torch.cuda.get_device_properties(device).uuid)
    except (AttributeError, RuntimeError):
        pass
    if uuid and not uuid.startswith(("GPU-", "MIG-")):
        uuid = "GPU-" + uuid
    apps = run_quiet(["nvidia-smi", "--query-compute-apps=pid,gpu_uuid,used_memory", "--format=csv,noheader,nounits"])
    if apps:
        for line in apps.splitlines():
            parts = [x.strip() for x in line.split(",")]
            if len(parts) == 3 and parts[0] == str(os.getpid()) and (uuid is None or parts[1] == uuid):
                try:
                    return int(float(parts[2]) * 2**20), "process"
                except ValueError:
                    break
    gpus = run_quiet(["nvidia-smi", "--query-gpu=uuid,index,memory.used", "--format=csv,noheader,nounits"])
    if gpus:
        for line in gpus.splitlines():
            parts = [x.strip() for x in line.split(",")]
            if len(parts) != 3:
                continue
            if (uuid and parts[0] == uuid) or (uuid is None and parts[1] == str(device.index or 0)):
                try:
                    return int(float(parts[2]) * 2**20), "device"
                except ValueError:
                    return None, None
    return None, None


def driver_version(device):
    if device.type != "cuda" or torch.version.hip:
        return None
    out = run_quiet(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"])
    return out.splitlines()[0].strip() if out and out.strip() else None


class PeakTracker:
    """Peak bytes of live tensor storages on the CPU, where PyTorch keeps no allocator statistics: every tensor an
    operator returns is counted (once per storage) until its storage is freed, as the CUDA caching allocator's
    max_memory_allocated counts device blocks. Tensors that exist before the step (parameters, gradients,
    optimizer states) are registered with `add`."""

    def __init__(self):
        from torch.utils._python_dispatch import TorchDispatchMode
        from torch.utils._pytree import tree_flatten

        tracker = self

        class Mode(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                out = func(*args, **(kwargs or {}))
                for t in tree_flatten(out)[0]:
                    tracker.add(t)
                return out

        self.mode = Mode()
        self.refs = {}
        self.current = self.peak = 0

    def add(self, t):
        if not isinstance(t, torch.Tensor) or t.device.type != "cpu" or t.is_meta:
            return
        try:
            st = t.untyped_storage()
        except (RuntimeError, NotImplementedError):
            return
        key = id(st)
        if key in self.refs:
            return
        n = st.nbytes()

        def freed(_ref, key=key, n=n):
            if self.refs.pop(key, None) is not None:
                self.current -= n

        self.refs[key] = weakref.ref(st, freed)
        self.current += n
        self.peak = max(self.peak, self.current)


def cpu_peak_bytes(run_step, tensors):
    """Peak of live tensors during one more step on the CPU; None if the tracker cannot run here."""
    try:
        tracker = PeakTracker()
        for t in tensors():
            tracker.add(t)
        with tracker.mode:
            run_step()
        return int(tracker.peak)
    except Exception as err:  # noqa: BLE001 - torch internals: any failure means "not measured"
        if os.environ.get("BENCH_DEBUG"):
            raise
        sys.stderr.write(f"bench: no CPU memory peak ({type(err).__name__}: {err})\n")
        return None


def live_tensors(model, optimizers, master, batches):
    """Tensors alive between steps: parameters, gradients, optimizer states, master weights, the batches."""
    out = list(batches)
    for p in model.parameters():
        out.append(p)
        if p.grad is not None:
            out.append(p.grad)
    for opt in optimizers:
        for state in opt.state.values():
            out.extend(v for v in state.values() if isinstance(v, torch.Tensor))
    if master is not None:
        out.append(master.flat_grad)
        out.extend(master.master)
    return out
