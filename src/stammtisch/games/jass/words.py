"""How players call the Schieber options: a label and a help text with the rule paragraph per
option (messages; the lobby renders them in the reader's language)."""

from ...core.messages import Msg

#: option name -> (label, help)
OPTION_TEXTS = {
    "target": (Msg("Target points"), Msg("The Partie is won at this many points (Papagei-Jass §1).")),
    "undenufe_eleven": (Msg("Undenufe: the Ass counts 11 or the Six"),
                        Msg("Which card carries the 11 points in Undenufe (Papagei-Jass §24.2).")),
    "zurueckschieben": (Msg("Zurückschieben"), Msg("The partner may push the choice back (Papagei-Jass §24.1).")),
    "obli": (Msg("Slalom and Quer (Obli)"), Msg("Slalom and Quer modes may be chosen (Papagei-Jass §24.3).")),
    "drei_mal_drei": (Msg("Drei mal Drei"), Msg("Three modes of three tricks each (Papagei-Jass §24.4).")),
    "quer_54": (Msg("Quer 5-4"), Msg("Quer also in the order 5-4 (Papagei-Jass §24.3).")),
    "misere": (Msg("Misere"), Msg("Every mode may be played as Misere: the opponents' points count "
                                  "(Papagei-Jass §24.5).")),
    "tutti": (Msg("Tutti"), Msg("The first card led decides what counts (Papagei-Jass §24.6).")),
    "weis": (Msg("Weis and Stöck"), Msg("Weis are declared and written (Papagei-Jass §29).")),
    "stoeck_drei_mal_drei": (Msg("Stöck in Drei mal Drei"), Msg("König and Ober of each trump count 20 in "
                                                                 "Drei mal Drei too (Papagei-Jass §29.3).")),
    "both_out": (Msg("Both teams out"), Msg("first_to_thank: the team that thanks wins (Papagei-Jass §2); "
                                            "first_to_reach: the team that got there first (§1).")),
    "schneider": (Msg("Schneider"), Msg("ausmachregel: the losers' points count in the order Stöck, Stich, Weis "
                                        "only until the winners are out (Papagei-Jass §18); final: their final "
                                        "total counts.")),
}
