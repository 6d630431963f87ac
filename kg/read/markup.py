"""Turn LaTeX- and Markdown-flavoured abstract text into clean plain text.

Abstracts copied from OpenReview, arXiv or a paper list carry their authors' markup
(``\\textbf{X}``, ``$\\ell_2$``, ``**X**``, ````quotes''``, ``\\url{...}``). Extraction needs plain
sentences and display needs readable text, so markup goes and meaningful symbols stay, as
Unicode: ``$130\\times$`` -> ``130×``, ``$\\ell_2$`` -> ``ℓ₂``, ``\\%`` -> ``%``.

URL policy: every link target is collected (in text order, once each) and returned beside the
text, where `read` files it as ``Paper.code_urls``. A link that has its own text
(``[Project page](https://...)``, ``\\href{url}{text}``) keeps that text; a bare URL or
``\\url{...}`` is replaced by :data:`URL_PLACEHOLDER` (``<url>``), so "Code is available at
https://x.y/z." reads "Code is available at <url>." -- the sentence stays whole, and no host or
path fragment leaks into concept extraction. A URL's trailing sentence punctuation stays in
the text.

Superscripts other than ``^\\circ`` are left as written (``$2^{3L^2}$`` -> ``2^{3L^2}``): Unicode
has no superscript for most letters, and the caret reads unambiguously. Digit subscripts become
Unicode subscripts (``\\ell_2`` -> ``ℓ₂``); other subscripts keep an underscore
(``\\mathrm{ESS}_{\\min}`` -> ``ESS_min``).

Everything is compiled regular expressions over the whole string (no per-character Python
loops), text without markup takes a fast path, and no input makes it raise.
"""

from __future__ import annotations

import html
import re
import unicodedata

__all__ = ["URL_PLACEHOLDER", "clean_markup"]

URL_PLACEHOLDER = "<url>"

# Private-use characters stand in for removed URLs and protected math until the end, so
# later rules (dashes, emphasis, braces) cannot touch them. Input copies are removed first.
_URL_MARK = "\ue000"
_MATH_OPEN, _MATH_CLOSE = "\ue001", "\ue002"
_LBRACE, _RBRACE = "\ue003", "\ue004"  # escaped \{ \} that must survive brace cleanup
_SUP_OPEN, _SUP_CLOSE = "\ue005", "\ue006"  # braces of a ^{...} group inside math

# Invisible or unprintable characters: C0/C1 controls, zero-width marks, soft hyphen, BOM,
# lone surrogates (they cannot be written as UTF-8), and our own sentinels.
_JUNK = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u200b-\u200d\u2060\ufeff\ud800-\udfff\ue000-\ue00f]"
)

# Anything that might need more than whitespace cleanup; text without it takes the fast path.
_NEEDS_WORK = re.compile(r"[\\$*_\[\]<>{}~&`]|https?:|www\.|--|''")

_HTML_INLINE_TAG = re.compile(
    r"</?(?:\w+:)?(?:i|b|em|strong|sub|sup|span|u|tt|code|small|big|italic|bold|sc|underline)\b[^<>]*>",
    re.I,
)
# A section heading inside the abstract (Crossref's <jats:title>Abstract</jats:title>) goes with its text.
_HTML_TITLE = re.compile(r"<((?:\w+:)?title)\b[^<>]*>[^<>]{0,200}</\1\s*>", re.I)
_HTML_BLOCK_TAG = re.compile(r"</?(?:\w+:)?(?:p|br|div|title|sec|abstract|li|ul|ol)\b[^<>]*>", re.I)
_HTML_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")

# One pass over all link forms keeps collected URLs in text order.
_LINK = re.compile(
    r"""
      \\url\s*\{(?P<url>[^{}]*)\}
    | \\href\s*\{(?P<href>[^{}]*)\}\s*\{(?P<htext>[^{}]*)\}
    | \[(?P<mtext>[^\[\]\n]*)\]\(\s*<?(?P<murl>(?:https?://|www\.)[^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?
      (?:\s+"[^"\n]*")?\s*\)
    | <(?P<auto>(?:https?://|www\.)[^\s<>]+)>
    | (?P<bare>(?:https?://|www\.)(?:[^\s<>"{}|\\^`\[\]$]|\\[_%\#&~])+)
    """,
    re.X | re.I,
)
_URL_TRAILING = ".,;:!?*_~'\"’”»"

# \"o -> ö and friends: accent command + letter -> letter + combining mark (NFC joins them).
_ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "c": "\u0327",
    "v": "\u030c",
    "u": "\u0306",
    "H": "\u030b",
    "k": "\u0328",
    "r": "\u030a",
}
_ACCENT = re.compile(r"""\\(?:(["'`^~=.])|([cvuHkr])(?=\s*\{))\s*(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))""")

_DROP_WITH_ARG = re.compile(
    r"~?\\(?:cite[a-zA-Z]*|[cC]?ref|eqref|autoref|label|footnote|thanks|vspace|hspace|includegraphics)\*?"
    r"(?:\[[^\]]*\])*\{[^{}]*\}"
)
_FONT_SWITCH = re.compile(
    r"\\(?:bf|it|em|sc|tt|rm|sf|sl|bfseries|itshape|ttfamily|scshape|normalfont)(?![A-Za-z])\s*"
)
_STYLE = re.compile(
    r"\\(?:text(?:bf|it|tt|sc|sf|rm|up|md|sl|normal|superscript|subscript)?|emph|underline|uline|mbox|hbox|"
    r"math(?:rm|bf|it|sf|tt|cal|scr|frak|normal)|boldsymbol|bm|operatorname)\*?\s*\{([^{}]*)\}"
)
_MATHBB = re.compile(r"\\mathbb\s*\{\s*([A-Za-z0-9])\s*\}")
_BLACKBOARD = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ", "1": "𝟙"}

# Inline math: $...$ (content starts and ends with a non-space, so "$5 and $10" is no math),
# $$...$$ and \(...\).
_MATH = re.compile(
    r"\$\$(?<![\\$]\$\$)(?P<display>.{1,2000}?)(?<!\\)\$\$"
    r"|\$(?<![\\$]\$)(?![\s$])(?P<inline>(?:\\.|[^$\\]){1,2000}?)(?<![\s\\])\$"
    r"|\\\((?P<paren>.{1,2000}?)\\\)",
    re.S,
)
_MATHY = re.compile(r"[\\^_{}*~]")  # math that needs converting, not just its dollars dropped

_SYMBOLS = {
    # operators and relations
    "times": "×", "cdot": "·", "cdots": "⋯", "ldots": "…", "dots": "…", "div": "÷", "pm": "±",
    "mp": "∓", "ast": "∗", "star": "⋆", "circ": "∘", "bullet": "•", "oplus": "⊕", "otimes": "⊗",
    "le": "≤", "leq": "≤", "leqslant": "⩽", "ge": "≥", "geq": "≥", "geqslant": "⩾", "ne": "≠",
    "neq": "≠", "approx": "≈", "sim": "∼", "simeq": "≃", "cong": "≅", "equiv": "≡", "propto": "∝",
    "ll": "≪", "gg": "≫", "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←",
    "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔", "Leftrightarrow": "⇔",
    "implies": "⟹", "iff": "⟺", "mapsto": "↦", "uparrow": "↑", "downarrow": "↓",
    "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃",
    "supseteq": "⊇", "cup": "∪", "cap": "∩", "setminus": "∖", "forall": "∀", "exists": "∃",
    "neg": "¬", "lnot": "¬", "land": "∧", "lor": "∨", "wedge": "∧", "vee": "∨", "infty": "∞",
    "nabla": "∇", "partial": "∂", "sum": "∑", "prod": "∏", "int": "∫", "sqrt": "√",
    "emptyset": "∅", "varnothing": "∅", "top": "⊤", "bot": "⊥", "perp": "⊥", "mid": "|",
    "vert": "|", "Vert": "‖", "|": "‖", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋",
    "lceil": "⌈", "rceil": "⌉", "prime": "′", "dagger": "†", "ddagger": "‡", "checkmark": "✓",
    "degree": "°", "textdegree": "°", "ell": "ℓ", "hbar": "ℏ", "aleph": "ℵ", "Re": "ℜ", "Im": "ℑ",
    # Greek
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ",
    "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ",
    "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ",
    "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ",
    "Psi": "Ψ", "Omega": "Ω",
    # text-mode symbols and letters
    "textendash": "–", "textemdash": "—", "textquoteleft": "‘", "textquoteright": "’",
    "textquotedblleft": "“", "textquotedblright": "”", "textasciitilde": "~", "textbackslash": "\\",
    "textbar": "|", "textless": "<", "textgreater": ">", "textbullet": "•", "textperiodcentered": "·",
    "copyright": "©", "textcopyright": "©", "textregistered": "®", "texttrademark": "™",
    "euro": "€", "texteuro": "€", "pounds": "£", "S": "§", "dag": "†", "ss": "ß", "o": "ø",
    "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "l": "ł",
    "L": "Ł", "i": "ı",
    # spacing and sizing: nothing, or a space
    "quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ", "newline": " ", "linebreak": " ",
    "par": " ", "item": " ", "left": "", "right": "", "big": "", "Big": "", "bigg": "", "Bigg": "",
    "bigl": "", "bigr": "", "Bigl": "", "Bigr": "", "displaystyle": "", "textstyle": "",
    "limits": "", "nolimits": "", "mathstrut": "", "noindent": "", "centering": "", "hfill": "",
    "smallskip": "", "medskip": "", "bigskip": "", "clearpage": "", "maketitle": "", "xspace": "",
    "nobreak": "", "relax": "", "protect": "",
}  # fmt: skip
_COMMAND = re.compile(r"\\([A-Za-z]+)|\\([^A-Za-z])")
# Style commands whose braces were lost (nested math, unbalanced input) vanish without a trace.
_STYLE_NAMES = frozenset(
    "text textbf textit texttt textsc textsf textrm textup textmd textsl textnormal textsuperscript textsubscript "
    "emph underline uline "
    "mbox hbox mathrm mathbf mathit mathsf mathtt mathcal mathscr mathfrak mathnormal mathbb boldsymbol "
    "bm operatorname url href".split()
)
# A control symbol (backslash + non-letter): escapes keep the character, spacing becomes a space.
_CONTROL_SYMBOLS = {
    "%": "%", "&": "&", "#": "#", "_": "_", "$": "$", "{": _LBRACE, "}": _RBRACE, ",": " ",
    ";": " ", ":": " ", ">": " ", " ": " ", "\\": " ", "!": "", "-": "", "/": "", "|": "‖",
    "@": "", "\n": " ",
}  # fmt: skip

_SUB_DIGITS = str.maketrans("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")
_SUB_DIGIT = re.compile(r"_\s*(?:\{\s*([0-9]+)\s*\}|([0-9]))")
_SUB_GROUP = re.compile(r"_\s*\{([^{}]*)\}")
_DEGREE = re.compile(r"\^\s*\{?\s*\\circ\s*\}?")
_SUP_GROUP = re.compile(r"\^\{([^{}]*)\}")

# Spans are bounded: an unclosed marker must not make a long text quadratic.
_OPEN_QUOTES = re.compile(r"``(.{0,500}?)''|``", re.S)
_CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_SINGLE_QUOTE = re.compile(r"(?<![`\w])`([^`'\n]{1,200})'(?![\w'])")
_EM_DASH = re.compile(r"---")
_WORD_DASH = re.compile(r"--(?<=[^\W\d_]--)(?=[^\W\d_])")
# "we propose VerifyBench--a cross-domain benchmark": before an article the dash sets off a phrase
_DASH_BEFORE_ARTICLE = re.compile(r"(?<=\w)--(?=(?:a|an|the)\s)")
_EN_DASH = re.compile(r"--")
_STRONG = re.compile(r"(\*\*|__)(?=[^\s*_])(.{1,500}?)(?<=[^\s*_])\1")
_STRIKE = re.compile(r"~~(?=\S)(.{1,500}?)(?<=\S)~~")
_EM_STAR = re.compile(r"\*(?=[^\s*])([^*]{1,500}?)(?<=[^\s*])\*")
_EM_UNDERSCORE = re.compile(r"_(?<![\w_]_)(?=[^\s_])([^_]{1,500}?)(?<=[^\s_])_(?![\w_])")
_TIE = re.compile(r"(?<=\w)~(?=[\w\\])")
_BRACE_IN_WORD = re.compile(r"(?<=\w)[{}]+(?=\w)")
_BRACE = re.compile(r"[{}]")
_STRAY_BACKSLASH = re.compile(r"\\")
_SPACE_BEFORE_PUNCT = re.compile(r" ([.,;:!?])(?= |$)")  # runs on whitespace-collapsed text
_EMPTY_PARENS = re.compile(r"\(\s*\)|\[\s*\]")


def clean_markup(text: str) -> tuple[str, list[str]]:
    """Return ``(plain_text, urls)``: `text` without markup, and the link targets it contained.

    >>> clean_markup(r"we propose \\textbf{X} with $130\\times$ speedup at https://x.io/y.")
    ('we propose X with 130× speedup at <url>.', ['https://x.io/y'])
    """
    text = " ".join(_JUNK.sub("", text).split())
    if not _NEEDS_WORK.search(text):
        return unicodedata.normalize("NFC", text), []

    if "<" in text or "&" in text:
        text = _HTML_BLOCK_TAG.sub(" ", _HTML_INLINE_TAG.sub("", _HTML_TITLE.sub(" ", text)))
        text = _HTML_ENTITY.sub(lambda m: html.unescape(m.group()), text)
        text = _JUNK.sub("", text)  # an entity may decode to a control character

    urls: list[str] = []
    if "://" in text or "www." in text or "\\url" in text or "\\href" in text:
        text = _LINK.sub(lambda m: _link(m, urls), text)

    if "\\" in text:
        text = _ACCENT.sub(_accent, text)
        text = _DROP_WITH_ARG.sub("", text)
        text = _FONT_SWITCH.sub("", text)
        text = _MATHBB.sub(lambda m: _BLACKBOARD.get(m.group(1), m.group(1)), text)
        for _ in range(8):  # innermost first; nesting deeper than this is not real markup
            text, n = _STYLE.subn(r"\1", text)
            if not n:
                break

    maths: list[str] = []
    if "$" in text or "\\(" in text:
        text = _MATH.sub(lambda m: _math(m, maths), text)

    text = _text_mode(text)
    if maths:
        text = re.sub(f"{_MATH_OPEN}(\\d+){_MATH_CLOSE}", lambda m: maths[int(m.group(1))], text)
    text = text.replace(_LBRACE, "{").replace(_RBRACE, "}").replace(_URL_MARK, URL_PLACEHOLDER)
    text = " ".join(text.split())
    if "()" in text or "[]" in text or "( )" in text or "[ ]" in text:
        text = _EMPTY_PARENS.sub("", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return unicodedata.normalize("NFC", " ".join(text.split())), urls


def _link(m: re.Match, urls: list[str]) -> str:
    """Collect one link target; return what stands in the text for it."""
    kind = m.lastgroup
    if kind == "bare":
        if m.start() and (m.string[m.start() - 1].isalnum() or m.string[m.start() - 1] in "_/.@"):
            return m.group()  # "xhttps://" or "a.www.b": not a link of its own
        url = m.group("bare")
        kept = len(url)
        while kept and (url[kept - 1] in _URL_TRAILING or _unbalanced_close(url[:kept])):
            kept -= 1
        url, tail = url[:kept], url[kept:]
        if not url or url.lower() in ("http://", "https://", "www."):
            return m.group()
        _add_url(urls, url.replace("\\", ""))
        return _URL_MARK + tail
    if kind in ("url", "auto"):
        url = "".join(m.group(kind).split())
        if url:
            _add_url(urls, url)
            return _URL_MARK
        return ""
    label = m.group("htext") if m.group("href") is not None else m.group("mtext")
    url = "".join((m.group("href") if m.group("href") is not None else m.group("murl")).split())
    if url:
        _add_url(urls, url)
    label = label.strip()
    if not label or label == url:
        return _URL_MARK if url else ""
    return label


def _unbalanced_close(url: str) -> bool:
    """True when `url` ends in a bracket that it never opened (it belongs to the sentence)."""
    last = url[-1]
    if last == ")":
        return url.count("(") < url.count(")")
    if last == "]":
        return url.count("[") < url.count("]")
    return False


def _add_url(urls: list[str], url: str) -> None:
    if url not in urls:
        urls.append(url)


def _accent(m: re.Match) -> str:
    mark = _ACCENTS[m.group(1) or m.group(2)]
    return (m.group(3) or m.group(4)) + mark


def _math(m: re.Match, maths: list[str]) -> str:
    """Convert one math span; symbol-free math (``$M$``, ``$+1.37$``) just loses its dollars."""
    body = m.group("inline") or m.group("display") or m.group("paren") or ""
    if not _MATHY.search(body):
        return body
    maths.append(_math_to_text(body))
    return f"{_MATH_OPEN}{len(maths) - 1}{_MATH_CLOSE}"


def _math_to_text(body: str) -> str:
    body = _DEGREE.sub("°", body)
    body = _COMMAND.sub(_command, body)
    body = _SUB_DIGIT.sub(lambda m: (m.group(1) or m.group(2)).translate(_SUB_DIGITS), body)
    body = _SUB_GROUP.sub(lambda m: "_" + m.group(1).strip(), body)
    for _ in range(8):
        body, n = _SUP_GROUP.subn(f"^{_SUP_OPEN}\\1{_SUP_CLOSE}", body)
        if not n:
            break
    body = _BRACE.sub("", body).replace("~", " ")
    body = body.replace(_SUP_OPEN, "{").replace(_SUP_CLOSE, "}")
    body = _quotes(body)
    return " ".join(body.split())


def _command(m: re.Match) -> str:
    name = m.group(1)
    if name is None:
        return _CONTROL_SYMBOLS.get(m.group(2), m.group(2))
    if name in _STYLE_NAMES:
        return ""
    # Unknown command: keep its name (\LaTeX -> LaTeX, \softmax -> softmax) rather than lose it.
    return _SYMBOLS.get(name, name)


def _quotes(text: str) -> str:
    if "`" not in text and "''" not in text:
        return text
    text = _OPEN_QUOTES.sub(lambda m: "“" + m.group(1) + "”" if m.group(1) is not None else "“", text)
    text = text.replace("''", "”")
    text = _CODE_SPAN.sub(r"\1", text)
    return _SINGLE_QUOTE.sub(r"‘\1’", text)


def _text_mode(text: str) -> str:
    """Clean what remains outside math: quotes, dashes, Markdown emphasis, commands, braces."""
    text = _quotes(text)
    if "--" in text:
        text = _EM_DASH.sub("—", text)
        text = _DASH_BEFORE_ARTICLE.sub(" – ", text)
        text = _WORD_DASH.sub("-", text)
        text = _EN_DASH.sub("–", text)
    if "*" in text or "_" in text:
        text = _STRONG.sub(r"\2", text)
        text = _EM_STAR.sub(r"\1", text)
        text = _EM_UNDERSCORE.sub(r"\1", text)
    if "~" in text:
        text = _STRIKE.sub(r"\1", text)
        text = _TIE.sub(" ", text)
    if "\\" in text:
        text = _COMMAND.sub(_command, text)
        text = _STRAY_BACKSLASH.sub("", text)
    if "{" in text or "}" in text:
        text = _BRACE_IN_WORD.sub(" ", text)
        text = _BRACE.sub("", text)
    return text
