"""Every sentence the bot writes, as a catalogue: key → English template.

Code never writes a sentence itself; it calls :func:`t` with a key and the values to fill in, so
that a translation is one more catalogue with the same keys. The games' own texts (log lines,
button labels, prompts, refusals) come from the engines.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    # --- finding the game and the caller's seat
    "no_game": "There is no game in this channel. Start one with /game new.",
    "no_running_game": "There is no running game here.",
    "not_started": "The game has not started yet; the host starts it with /game start.",
    "game_over": "This game is over.",
    "game_closed": "That game is no longer running.",
    "not_seated": "You are not playing in this game.",
    "turn_of": "It is {names}'s turn.",
    "turn_of_many": "It is the turn of {names}.",
    "nobody_to_act": "Nobody may act right now.",
    "stale_button": "That button is from an earlier turn; here is the current board.",
    "raced": "Someone acted at the same moment; here is the current board. Please try again.",
    "foreign_button": "That button does not belong to any game I know.",
    # --- lobby
    "unknown_game": "There is no game called {game}. Choose one of: {choices}.",
    "unknown_option": "{title} has no option {option}. Its options are: {options}.",
    "bad_option": "That option does not work: {reason}",
    "channel_busy": (
        "This channel already has a game of {title} ({status}). Finish or abandon it first, "
        "or open a thread for another game."
    ),
    "lobby_opened": (
        "{host} opened a table for {title} ({min}–{max} players). Join with /game join; "
        "the host starts with /game start."
    ),
    "lobby_list": "Seated: {seats}.",
    "already_started": "The game has already started.",
    "already_seated": "You already sit at this table.",
    "table_full": "The table is full ({max} players).",
    "joined": "{name} joins the table for {title} ({count} of {max}).",
    "left": "{name} leaves the table for {title}.",
    "host_cannot_leave": "The host cannot leave the lobby; close it with /game abandon instead.",
    "left_to_bot": "{name} leaves the game; a computer player ({kind}) takes over the seat.",
    "host_only": "Only the host, {host}, can do that.",
    "unknown_bot_kind": "There is no {kind} computer player for {title}. Choose one of: {kinds}.",
    "bot_name": "Computer {n}",
    "bot_added": "{name} ({kind}) joins the table for {title} ({count} of {max}).",
    "no_timed_out_seat": "Nobody's clock has run out, so no seat can be handed to a computer player.",
    "seat_taken_over": "{caller} hands {name}'s seat to a computer player ({kind}).",
    "too_few_players": "{title} needs at least {min} players; {count} are seated.",
    "started": "{title} begins with {seats}.",
    "abandoned": "{name} abandoned the game of {title}.",
    # --- turns
    "your_turn": "{mention}, it is your turn: {prompt}",
    "your_turn_secret": "{mention}, it is your turn; your choices are private (DM or the My turn button).",
    "bot_turn": "{name} (computer) is thinking…",
    "played": "Done: {label}.",
    "btn_my_turn": "▶ My turn",
    "btn_my_hand": "My hand",
    "btn_my_hand_santiago": "My screen",
    "no_choices_here": "You have nothing to decide right now.",
    "too_many_choices": "More choices than buttons: type /play and pick from the list.",
    "nothing_secret": "You hold nothing secret in this game.",
    "dm_header": "{title} in <#{channel}>:",
    "hand_header": "Your private view of {title}:",
    # --- undo
    "undo_nothing": "There is nothing of yours to undo.",
    "undo_not_last": "You can only undo while nobody else has acted since your move.",
    "undo_not_your_turn": "You can only undo while it is still your turn.",
    "undo_hidden": "That move revealed something or drew at random, so it cannot be undone.",
    "undone": "{name} takes back: {text}.",
    # --- end
    "final_scores": "Final scores: {lines}.",
    "score_line": "{place}. {name} {score}",
    "winner": "{names} wins!",
    "winners": "{names} share the win!",
    # --- log, help, settings
    "log_empty": "Nothing has happened yet.",
    "log_page": "Log of {title}, page {page} of {pages}:",
    "rules_list": "Games: {games}. Ask /game rules with a game for its rules.",
    "settings_done": "Settings for this game: reminders every {reminder}, turn clock {clock}.",
    "settings_unknown": "There is no setting {name}; you can change: {names}.",
    "settings_bad": "Reminder hours must be more than 0 and the clock 0 (off) or more hours.",
    "clock_off": "off",
    "hours": "{n} h",
    # --- timers
    "reminder": "Reminder: {mentions}, {title} is waiting for you.",
    "lobby_warning": "{mention}, the table for {title} closes in {hours} hours unless you start it with /game start.",
    "lobby_expired": "The table for {title} was never started and is now closed.",
    "clock_expired": (
        "{name}'s clock has run out. Any other player may hand the seat to a computer player with /game add-bot "
        "(or the host with /game replace); {name} can take it back with /game rejoin."
    ),
    # --- replacing a seat by vote, taking it back (bot/seats.py)
    "replace_self": "You cannot vote to replace yourself; /game leave hands your seat to a computer player.",
    "replace_unknown": "{mention} is not playing in this game.",
    "replace_already_bot": "{name}'s seat is already played by a computer player.",
    "replace_already_voted": "You already voted to replace {name} ({count} of {needed} votes).",
    "replace_vote": (
        "{voter} votes to hand {name}'s seat to a computer player ({count} of {needed} votes). "
        "The other players can agree with /game replace or the button."
    ),
    "replace_voted": "Your vote to replace {name} is counted; it lapses if {name} acts first.",
    "btn_vote_replace": "Vote to replace {name}",
    "replaced_by_vote": (
        "{name}'s seat goes to a computer player ({kind}) by vote of {voters}. "
        "{name} can take it back with /game rejoin."
    ),
    "replaced_by_host": (
        "{name}'s clock has run out: the host, {host}, hands the seat to a computer player ({kind}). "
        "{name} can take it back with /game rejoin."
    ),
    "rejoin_already_playing": "You already play your seat in this game.",
    "rejoin_no_seat": "You have no seat here to take back: only a player whose seat went to a computer can rejoin.",
    "rejoined": "{name} takes their seat back from the computer player.",
    "rejoined_you": "Your seat is yours again.",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}


def t(key: str, language: str = "en", **values: Any) -> str:
    """The sentence ``key`` in ``language`` (English when missing), filled with ``values``."""
    catalogue = CATALOGUES.get(language, EN)
    template = catalogue.get(key) or EN[key]
    return template.format(**values)
