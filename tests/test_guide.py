"""The guided first hand (whist/table/guide.py): each lesson comes up at its moment of the chosen
deal, once, with the control to use and the element it is about."""

from __future__ import annotations

from whist.table import Table
from whist.table.guide import GAME, SEED, SETTINGS_FROM, TOOLS_FROM, Guide, Lesson

Seen = list[tuple[str, int]]


def lessons_of(seed: int, touch: bool = False) -> tuple[Seen, list[Lesson], Table]:
    """Play deal ``seed`` of Classic Whist out with the hints in your seat, pressing each tip's
    button at once: the lessons shown (each with the tricks played when it came) and the table."""
    table, guide = Table(seed, GAME), Guide()
    seen: Seen = []
    shown: list[Lesson] = []

    def look() -> None:
        for _ in range(len(guide.done) + 10):
            view = table.view()
            lesson = guide.lesson(view, touch)
            if lesson is None:
                return
            if not seen or seen[-1][0] != lesson.key:
                seen.append((lesson.key, view.tricks_played))
                shown.append(lesson)
            if not lesson.button:
                return
            guide.dismiss()

    look()
    for _ in range(60):
        if table.view().phase != "play":
            break
        if table.computer_to_play:
            table.computer_step()
        else:
            hint = table.hint()
            assert hint is not None
            table.human_play(hint)
        look()
    return seen, shown, table


def test_each_lesson_comes_once_at_its_moment_of_the_chosen_deal() -> None:
    seen, shown, table = lessons_of(SEED)
    assert [k for k, _ in seen] == ["partner", "trump", "follow", "won", "trumped", "tools", "void", "lead",
                                    "settings", "book", "odd"]
    at = dict(seen)
    assert at["partner"] == at["trump"] == at["follow"] == 0, "before your first card"
    assert at["won"] == 1 and at["trumped"] <= 4 and at["void"] <= 5 and at["odd"] == 13
    assert at["tools"] == TOOLS_FROM and at["settings"] >= SETTINGS_FROM, "a few tricks in, not all at once"
    words = {lesson.key: lesson for lesson in shown}
    assert words["partner"].target == "seat-N" and "North" in words["partner"].text
    assert words["trump"].target == "turnup" and "two of clubs" in words["trump"].text
    assert "clubs are trumps" in words["trump"].text
    assert words["follow"].target == "hand" and "spades were led" in words["follow"].text
    assert "North\u2019s ace of spades took the trick for your side" in words["won"].text
    assert words["won"].target == "seat-N"
    assert words["book"].target == "tricks-us" and "the book" in words["book"].text
    # the table's tools: Hint and Undo, then Settings and the coach (findable otherwise only inside Settings)
    assert words["tools"].target == "hint-btn" and "Hint (I) suggests a card" in words["tools"].text
    assert "Undo (U) takes back your last card" in words["tools"].text
    assert words["settings"].target == "settings-btn" and "the coach" in words["settings"].text
    assert table.view().tricks_won.us == 8
    assert "8 tricks" in words["odd"].text and "the 2 odd tricks score 2 points" in words["odd"].text
    assert words["odd"].button == "Done" and words["odd"].target == "sum-points-us"
    for lesson in shown:  # one sentence, and the control to use
        assert lesson.text.count(". ") <= 1 and lesson.control.endswith(".")
        assert bool(lesson.button) == (lesson.target not in ("hand",)), lesson.key


def test_the_control_is_worded_for_touch_or_for_mouse_and_keys() -> None:
    _, touch, _ = lessons_of(SEED, touch=True)
    _, mouse, _ = lessons_of(SEED, touch=False)
    play = {lesson.key: lesson.control for lesson in touch}["follow"]
    assert play == "Tap a card to lift it, then tap it again to play it."
    assert {lesson.key: lesson.control for lesson in mouse}["follow"].endswith("press Enter.")
    assert touch[0].control == "Tap Next." and mouse[0].control == "Click Next."
    tools = {lesson.key: lesson.text for lesson in touch}["tools"]  # the buttons' names show on touch: no keys
    assert "Hint suggests" in tools and "Undo takes back" in tools


def first_turn() -> tuple[Table, Guide]:
    table, guide = Table(SEED, GAME), Guide()
    while table.computer_to_play:
        table.computer_step()
    return table, guide


def test_a_wrong_suit_card_while_holding_the_suit_shows_the_follow_suit_lesson() -> None:
    table, guide = first_turn()
    view = table.view()
    assert guide.lesson(view, False).key == "partner"  # type: ignore[union-attr]
    wrong = next(c for c in view.hand if c.suit != "S")
    result = table.human_play(wrong.card)
    assert not result.ok and result.code == "must-follow"
    lesson = guide.refused(table.view(), False)
    assert lesson is not None and lesson.key == "follow" and lesson.target == "hand"
    assert guide.lesson(table.view(), False) == lesson, "it stays on show until you play"
    table.human_play(next(c.card for c in view.hand if c.legal))
    assert guide.lesson(table.view(), False) is None and {"partner", "trump", "follow"} <= guide.done


def test_a_lesson_whose_moment_passed_is_not_told_late_and_a_skipped_card_moves_on() -> None:
    table, guide = first_turn()
    assert guide.lesson(table.view(), False).key == "partner"  # type: ignore[union-attr]
    table.human_play(next(c.card for c in table.view().hand if c.legal))  # played without pressing Next
    assert guide.lesson(table.view(), False) is None
    assert "partner" in guide.done and "trump" not in guide.done and not guide.finished


def test_no_lesson_after_the_first_hand() -> None:
    _, _, table = lessons_of(SEED)
    table.next_hand()
    assert Guide().lesson(table.view(), False) is None


def test_a_kept_guide_is_taken_up_only_on_its_own_hand() -> None:
    kept = {"done": ["partner", "trump"], "shown": "follow"}
    guided = Table(seed=SEED, game=GAME)
    taken = Guide.taken_up(kept, guided.seed, guided.view())
    assert taken is not None and taken.to_dict() == {"done": ["partner", "trump"], "shown": "follow"}
    other = Table(seed=SEED + 1, game=GAME)
    assert Guide.taken_up(kept, other.seed, other.view()) is None  # another deal
    assert Guide.taken_up({"done": ["odd"], "shown": None}, guided.seed, guided.view()) is None  # it had ended
    assert Guide.taken_up({"done": "partner"}, guided.seed, guided.view()) is None  # not a record
