"""The store's per-user memory (:class:`bot.stores.cache.StoreCache`): preferences and locales
trusted for :data:`~bot.stores.cache.USER_TTL_S`, at most :data:`~bot.stores.cache.MAX_USERS`
people, and a value read again unchanged kept as the very objects kept before (nothing is born
again every minute for every person: bench/memory.py)."""

from __future__ import annotations

import pytest

from bot.stores import cache as store_cache
from bot.stores.cache import USER_TTL_S, StoreCache
from bot.stores.rows import UserPrefs


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_preferences_read_again_unchanged_keep_the_kept_objects_and_are_trusted_anew():
    clock = Clock()
    kept = StoreCache(clock)
    ana = UserPrefs(notify="dm", time_zone="Europe/Amsterdam", quiet_from=1320, quiet_to=420)
    kept.keep_prefs({1: ana, 2: UserPrefs()})
    assert kept.prefs([1, 2]) == {1: ana, 2: UserPrefs()}

    clock.now += USER_TTL_S  # too old now: read again
    assert kept.prefs([1]) is None
    same = UserPrefs(notify="dm", time_zone="".join(["Europe/", "Amsterdam"]), quiet_from=1320, quiet_to=420)
    assert same == ana and same is not ana
    kept.keep_prefs({1: same})
    found = kept.prefs([1])
    assert found is not None and found[1] is ana  # the kept object, trusted for another minute
    assert kept.prefs([1, 2]) is None  # Bo's was not read again

    changed = UserPrefs(notify="none")
    kept.keep_prefs({1: changed})
    assert kept.prefs([1]) == {1: changed}


def test_locales_read_again_unchanged_keep_the_kept_string():
    clock = Clock()
    kept = StoreCache(clock)
    first = "".join(["zh", "-TW"])
    kept.keep_locales({1: first, 2: None})
    clock.now += USER_TTL_S + 1
    assert kept.locales([1, 2]) is None
    again = "".join(["zh-", "TW"])
    kept.keep_locales({1: again, 2: None})
    found = kept.locales([1, 2])
    assert found == {1: "zh-TW", 2: None} and found[1] is first
    kept.keep_locales({1: "ja"})
    assert kept.locales([1]) == {1: "ja"}


def test_at_most_max_users_are_kept_the_least_recently_read_going_first(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(store_cache, "MAX_USERS", 3)
    kept = StoreCache(Clock())
    kept.keep_prefs({1: UserPrefs(), 2: UserPrefs(), 3: UserPrefs()})
    kept.keep_locales({1: "en", 2: "nl", 3: "ja"})
    kept.keep_prefs({1: UserPrefs()})  # read again (unchanged): the most recent now
    kept.keep_locales({1: "en"})
    kept.keep_prefs({4: UserPrefs(notify="dm")})
    kept.keep_locales({4: "zh-CN"})
    assert kept.prefs([2]) is None and kept.locales([2]) is None  # the least recently read went
    assert kept.prefs([1, 3, 4]) is not None and kept.locales([1, 3, 4]) == {1: "en", 3: "ja", 4: "zh-CN"}
    assert len(kept._prefs) == len(kept._locales) == 3


def test_forgetting_a_user_drops_both():
    kept = StoreCache(Clock())
    kept.keep_prefs({1: UserPrefs(notify="dm")})
    kept.keep_locales({1: "nl"})
    kept.forget_user(1)
    assert kept.prefs([1]) is None and kept.locales([1]) is None
