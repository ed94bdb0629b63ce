"""The benchmark program, part 2: a Llama-style decoder in plain torch, as Hugging Face eager modules run it."""

from __future__ import annotations

import math

from .common import F, checkpoint, nn, torch

# bench-script: the writer copies from here

# --- the model ------------------------------------------------------------------------------------------


class RMSNorm(nn.Module):
    """As Hugging Face LlamaRMSNorm: computed in fp32, weight applied to the result cast back."""

    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        dtype = x.dtype
        x = x.float()
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * x.to(dtype)


def make_norm(m):
    return RMSNorm(m["hidden"]) if m["norm"] == "rmsnorm" else nn.LayerNorm(m["hidden"], eps=1e-5)


class LoRALinear(nn.Module):
    """y = base(x) + (x A^T B^T)·alpha/r, base frozen (Hu et al. 2021); B starts at zero as in PEFT."""

    def __init__(self, base, rank, dtype, alpha=None):
        super().__init__()
        self.base = base
        for p in self.base.parameters():
            p.requires_grad_(False)
        device = next(base.parameters()).device
        self.lora_a = nn.Parameter(torch.empty(rank, base.in_features, device=device, dtype=dtype))
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank, device=device, dtype=dtype))
        nn.init.kaiming_uniform_(self.lora_a, a=math.sqrt(5))
        self.scale = (alpha or 2 * rank) / rank

    def forward(self, x):
        return self.base(x) + F.linear(F.linear(x, self.lora_a), self.lora_b) * self.scale


def rope_tables(seq_len, dim, device, theta=500000.0):
    inv = 1.0 / (theta ** (torch.arange(0, dim, 2, device=device, dtype=torch.float32) / dim))
    freqs = torch.outer(torch.arange(seq_len, device=device, dtype=torch.float32), inv)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


def apply_rope(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return (x * cos.to(x.dtype)) + (rotated * sin.to(x.dtype))


class Attention(nn.Module):
    def __init__(self, m, w):
        super().__init__()
        h, a, kv, d = m["hidden"], m["heads"], m["kv_heads"], m["head_dim"]
        qkv_bias = m["qkv_bias"] or m["linear_bias"]
        self.q = nn.Linear(h, a * d, bias=qkv_bias)
        self.k = nn.Linear(h, kv * d, bias=qkv_bias)
        self.v = nn.Linear(h, kv * d, bias=qkv_bias)
        self.o = nn.Linear(a * d, h, bias=m["linear_bias"])
        self.heads, self.kv_heads, self.head_dim = a, kv, d
        self.flash = w["flash_attention"]
        self.selective = w["recompute"] == "selective" and not self.flash
        self.dropout = 0.1 if w["dropout"] else 0.0
        self.rope = not m["learned_positions"]

    def core(self, q, k, v):
        if self.flash and q.is_cuda and q.dtype in (torch.float16, torch.bfloat16):
            # FlashAttention reads the n_kv K/V heads directly (GQA); the memory-efficient kernel, which fp32
            # inputs use, needs them repeated first (below), as Hugging Face's repeat_kv does
            try:
                return F.scaled_dot_product_attention(
                    q, k, v, is_causal=True, enable_gqa=True, dropout_p=self.dropout if self.training else 0.0
                )
            except TypeError:  # torch < 2.5: no enable_gqa
                pass
        if self.kv_heads != self.heads:
            k = k.repeat_interleave(self.heads // self.kv_heads, dim=1)
            v = v.repeat_interleave(self.heads // self.kv_heads, dim=1)
        if self.flash:
            return F.scaled_dot_product_attention(
                q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0
            )
        # eager attention: materialised scores, fp32 softmax (Hugging Face eager_attention_forward)
        s = q.shape[-2]
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim)
        mask = torch.ones(s, s, dtype=torch.bool, device=q.device).triu(1)
        scores = scores.masked_fill(mask, float("-inf"))
        probs = torch.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype)
        if self.dropout and self.training:
            probs = F.dropout(probs, p=self.dropout)
        return torch.matmul(probs, v)

    def forward(self, x, cos, sin):
        b, s, _ = x.shape
        q = self.q(x).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        if self.rope:
            q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        if self.selective and torch.is_grad_enabled():
            out = checkpoint(self.core, q, k, v, use_reentrant=False)
        else:
            out = self.core(q, k, v)
        out = out.transpose(1, 2).contiguous().view(b, s, self.heads * self.head_dim)
        return self.o(out)


class MLP(nn.Module):
    def __init__(self, m):
        super().__init__()
        h, f, bias = m["hidden"], m["ffn_hidden"], m["linear_bias"]
        self.gated = m["gated_mlp"]
        if self.gated:
            self.gate = nn.Linear(h, f, bias=bias)
        self.up = nn.Linear(h, f, bias=bias)
        self.down = nn.Linear(f, h, bias=bias)

    def forward(self, x):
        if self.gated:
            return self.down(F.silu(self.gate(x)) * self.up(x))
        return self.down(F.gelu(self.up(x)))


class Block(nn.Module):
    def __init__(self, m, w):
        super().__init__()
        self.norm1, self.norm2 = make_norm(m), make_norm(m)
        self.attn, self.mlp = Attention(m, w), MLP(m)
        extra = m["extra_norms_per_layer"]
        self.post1 = make_norm(m) if extra >= 1 else None  # Gemma 2 post-attention norm
        self.post2 = make_norm(m) if extra >= 2 else None  # Gemma 2 post-feedforward norm
        self.dropout = 0.1 if w["dropout"] else 0.0

    def forward(self, x, cos, sin):
        a = self.attn(self.norm1(x), cos, sin)
        if self.post1 is not None:
            a = self.post1(a)
        x = x + F.dropout(a, self.dropout, self.training)
        f = self.mlp(self.norm2(x))
        if self.post2 is not None:
            f = self.post2(f)
        return x + F.dropout(f, self.dropout, self.training)


class Decoder(nn.Module):
    def __init__(self, m, w, layers):
        super().__init__()
        self.embed = nn.Embedding(m["vocab"], m["hidden"])
        nn.init.normal_(self.embed.weight, std=0.02)  # Hugging Face initializer_range
        self.pos = nn.Embedding(m["learned_positions"], m["hidden"]) if m["learned_positions"] else None
        if self.pos is not None:
            nn.init.normal_(self.pos.weight, std=0.02)
        self.blocks = nn.ModuleList(Block(m, w) for _ in range(layers))
        self.norm = make_norm(m)
        self.head = None if m["tied_embeddings"] else nn.Linear(m["hidden"], m["vocab"], bias=False)
        self.full_recompute = w["recompute"] == "full"
        self.chunked_loss = w["chunked_loss"]
        self.head_dim, self.vocab = m["head_dim"], m["vocab"]

    def logits(self, x):
        weight = self.embed.weight if self.head is None else self.head.weight
        return F.linear(x, weight)

    def forward(self, tokens, targets):
        s = tokens.shape[1]
        x = self.embed(tokens)
        cos = sin = None
        if self.pos is not None:
            x = x + self.pos(torch.arange(s, device=tokens.device))
        else:
            cos, sin = rope_tables(s, self.head_dim, tokens.device)
        for block in self.blocks:
            if self.full_recompute and torch.is_grad_enabled():
                x = checkpoint(block, x, cos, sin, use_reentrant=False)
            else:
                x = block(x, cos, sin)
        x = self.norm(x)
        if self.chunked_loss:  # torchtune CEWithChunkedOutputLoss: 8 chunks of 16-bit logits, upcast one at a time
            chunks = [self.logits(c) for c in x.chunk(8, dim=1)]
            total = sum(
                F.cross_entropy(c.float().flatten(0, 1), t.flatten(), reduction="sum")
                for c, t in zip(chunks, targets.chunk(8, dim=1))
            )
            return total / targets.numel()
        logits = self.logits(x)
        return F.cross_entropy(logits.float().flatten(0, 1), targets.flatten())
