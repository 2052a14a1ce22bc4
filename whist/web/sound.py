"""Short table sounds, synthesised with the Web Audio API: no sound files.

The AudioContext is made after the first user gesture (browsers refuse to start
audio before one), and never while the sound is off: in a task of its own, right
after the gesture's (making it can take a tenth of a second, and the card you
played must not wait for it); a sound asked for meanwhile plays as soon as it is
ready. A failure of the audio system is never an error of the page: the table
just stays silent.

A running AudioContext renders silence in real time between sounds (a steady
share of a core, a phone's battery), so the context is suspended once the table
has been quiet for ``REST_S`` seconds and resumed by the next sound or gesture;
a closed table closes its context (:meth:`Sound.close`).

Each sound is a few notes: ``(start s, frequency Hz, length s, wave, volume)``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, to_js

if TYPE_CHECKING:
    from whist.table.view import TableView

C5, E5, G5, C6 = 523.25, 659.25, 783.99, 1046.5
A4, F4, D4 = 440.0, 349.23, 293.66

Note = tuple[float, float, float, str, float]

#: The tunes; "card" is a filtered noise snap rather than notes.
TUNES: dict[str, tuple[Note, ...]] = {
    "trick-us": ((0.0, 880.0, 0.09, "sine", 0.16), (0.07, 1318.5, 0.16, "sine", 0.14)),
    "trick-them": ((0.0, 523.25, 0.1, "sine", 0.12), (0.08, 392.0, 0.18, "sine", 0.11)),
    "hand-won": ((0.0, C5, 0.16, "triangle", 0.2), (0.11, E5, 0.16, "triangle", 0.2),
                 (0.22, G5, 0.16, "triangle", 0.2), (0.33, C6, 0.34, "triangle", 0.22)),
    "hand-lost": ((0.0, A4, 0.2, "triangle", 0.18), (0.16, F4, 0.2, "triangle", 0.17),
                  (0.32, D4, 0.4, "triangle", 0.16)),
    "game-won": ((0.0, C5, 0.14, "square", 0.07), (0.12, E5, 0.14, "square", 0.07),
                 (0.24, G5, 0.14, "square", 0.07), (0.36, C6, 0.22, "square", 0.08),
                 (0.58, G5, 0.12, "square", 0.07), (0.7, C6, 0.6, "square", 0.08),
                 (0.7, E5, 0.6, "triangle", 0.12)),
    "game-lost": ((0.0, G5 / 2, 0.3, "triangle", 0.16), (0.28, F4, 0.3, "triangle", 0.15),
                  (0.56, 311.13, 0.3, "triangle", 0.15), (0.84, D4, 0.7, "triangle", 0.15)),
}
SOUNDS = ("card", *TUNES)

#: Quiet this long (s) after the last sound has ended, the AudioContext is suspended.
REST_S = 1.5
#: How long the card's snap lasts (s).
SNAP_S = 1 / 12


def tune_length(name: str) -> float:
    """How long the sound ``name`` lasts, in seconds (its last note's end)."""
    if name == "card":
        return SNAP_S
    return max(start + length for start, _freq, length, _wave, _volume in TUNES[name])


class Sound:
    """The table's sounds; ``enabled`` follows the setting, ``unlock()`` runs on each user gesture."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.ctx: Any = None
        self._noise: Any = None
        self.failed = False
        #: The sounds asked for while the AudioContext is being made (None: it is not).
        self._waiting: list[str] | None = None
        #: Bumped by every sound and wake-up: a rest timed before the latest one does nothing.
        self._rest_turn = 0
        self.closed = False

    def unlock(self) -> None:
        """Make (soon) or wake the AudioContext; call only from a user gesture's event handler."""
        if not self.enabled or self.failed or self.closed:
            return
        if self.ctx is None:
            if self._waiting is None:
                self._waiting = []
                js.setTimeout(create_once_callable(self._start), 0)
            return
        try:
            self._wake(0.0)
        except Exception as err:  # a blocked context: play on in silence
            self.failed = True
            js.console.warn(f"whist: no sound ({err})")

    def close(self) -> None:
        """The table is closed: close its AudioContext (no sound is made after this)."""
        self.closed = True
        self._rest_turn += 1
        ctx, self.ctx = self.ctx, None
        if ctx is not None and ctx.state != "closed":
            try:
                ctx.close()
            except Exception as err:  # (already closing, or the audio system went away)
                js.console.warn(f"whist: sound not closed ({err})")

    def _wake(self, busy: float) -> None:
        """Resume the context if it rests, and rest it again once ``busy`` seconds of sound and
        ``REST_S`` of quiet have passed with nothing newer."""
        if self.ctx.state == "suspended":
            self.ctx.resume()
        self._rest_turn += 1
        turn = self._rest_turn
        js.setTimeout(create_once_callable(lambda *_: self._rest(turn)), int((busy + REST_S) * 1000))

    def _rest(self, turn: int) -> None:
        """Suspend the context if nothing has sounded or woken it since this rest was timed."""
        if turn != self._rest_turn or self.ctx is None or self.closed:
            return
        try:
            if self.ctx.state == "running":
                self.ctx.suspend()
        except Exception as err:  # (the audio system went away: the next sound finds out)
            js.console.warn(f"whist: sound not suspended ({err})")

    def _start(self, *_: Any) -> None:
        """Make the AudioContext and the card's noise (after a gesture: it may start at once)."""
        waiting, self._waiting = self._waiting or [], None
        if self.ctx is not None or self.failed or not self.enabled or self.closed:
            return  # made already, or the sound went off meanwhile: the next gesture makes it
        try:
            ctor = getattr(js, "AudioContext", None) or getattr(js, "webkitAudioContext", None)
            if ctor is None:
                self.failed = True
                return
            self.ctx = ctor.new()
            self._wake(0.0)
            self._noise = self._make_noise()
        except Exception as err:  # no audio device, a blocked context: play on in silence
            self.failed = True
            js.console.warn(f"whist: no sound ({err})")
            return
        for name in waiting:
            self.play(name)

    def hand_end(self, view: TableView) -> None:
        """The sound of the end of a game, or of a hand your side or theirs scored in."""
        over, done = view.game_over, view.summary
        if over:
            self.play("game-won" if over.winner == "us" else "game-lost")
        elif done is not None and done.points.us:
            self.play("hand-won")
        elif done is not None and done.points.them:
            self.play("hand-lost")

    def play(self, name: str) -> None:
        """Play a sound by name (see ``SOUNDS``) if the sound is on and audio has started."""
        if not self.enabled or self.failed or self.closed:
            return
        if self.ctx is None:
            if self._waiting is not None and len(self._waiting) < 3:
                self._waiting.append(name)  # the AudioContext is on its way: played in a moment
            return
        js.document.body.dataset.lastSound = name
        try:
            self._wake(tune_length(name))
            if name == "card":
                self._snap()
            else:
                for note in TUNES[name]:
                    self._tone(*note)
        except Exception as err:
            self.failed = True
            js.console.warn(f"whist: sound failed ({err})")

    # --- synthesis -------------------------------------------------------------
    def _tone(self, start: float, freq: float, length: float, wave: str, volume: float) -> None:
        ctx = self.ctx
        t = ctx.currentTime + start
        osc = ctx.createOscillator()
        osc.type = wave
        osc.frequency.setValueAtTime(freq, t)
        gain = ctx.createGain()
        gain.gain.setValueAtTime(0.0001, t)
        gain.gain.exponentialRampToValueAtTime(volume, t + 0.012)
        gain.gain.exponentialRampToValueAtTime(0.0001, t + length)
        osc.connect(gain)
        gain.connect(ctx.destination)
        osc.start(t)
        osc.stop(t + length + 0.02)

    def _make_noise(self) -> Any:
        """A twelfth of a second of fading noise: the card's snap."""
        ctx = self.ctx
        rate = int(ctx.sampleRate)
        n = int(rate * SNAP_S)
        rng = random.Random(52)
        samples = [rng.uniform(-1, 1) * (1 - i / n) ** 3 for i in range(n)]
        buffer = ctx.createBuffer(1, n, rate)
        buffer.copyToChannel(js.Float32Array.new(to_js(samples)), 0)
        return buffer

    def _snap(self) -> None:
        """A card laid on the cloth: a short burst of band-passed noise."""
        ctx = self.ctx
        if self._noise is None:
            self._noise = self._make_noise()
        t = ctx.currentTime
        src = ctx.createBufferSource()
        src.buffer = self._noise
        band = ctx.createBiquadFilter()
        band.type = "bandpass"
        band.frequency.setValueAtTime(1900, t)
        band.Q.setValueAtTime(0.9, t)
        gain = ctx.createGain()
        gain.gain.setValueAtTime(0.5, t)
        src.connect(band)
        band.connect(gain)
        gain.connect(ctx.destination)
        src.start(t)
