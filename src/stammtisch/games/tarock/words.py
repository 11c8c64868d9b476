"""How players call the Königrufen options: label and help with the rule paragraph."""

from ...core.messages import Msg

#: option name -> (label, help)
OPTION_TEXTS = {
    "players": (Msg("Players at the table"), Msg("4, or 5 with the dealer sitting out.")),
    "tariff": (Msg("Tariff of the games"), Msg("The value of each game (Österreich-Finale 3); Tiroler Cup, Tarif).")),
    "premium_values": (Msg("Values of the premiums"), Msg("The value of each premium (Österreich-Finale 8)).")),
    "vorhand_may_hold": (Msg("Vorhand may hold"), Msg("The Vorhand may hold a game bid by another "
                                                       "(Österreich-Finale 3)).")),
    "vorhand_four_kings_pass_on": (Msg("Vorhand with four kings passes on"),
                                   Msg("The Vorhand holding all four kings may pass the Vorhand on.")),
    "sechserdreier_lost_double": (Msg("Lost Sechserdreier counts double"), Msg("(Österreich-Finale 3)).")),
    "kaiserstich": (Msg("Kaiserstich"), Msg("Sküs, Mond and Pagat in one trick: the Pagat takes it.")),
    "kaiserstich_order": (Msg("Kaiserstich by order"), Msg("The Kaiserstich goes by the order the three "
                                                            "were played.")),
    "valat_mode": (Msg("Valat counts"), Msg("multiply: Valat multiplies the game (Österreich-Finale 9)); "
                                            "premium: a fixed premium (Tiroler Cup, Valat).")),
    "valat_announced": (Msg("Valat announced"), Msg("Factor or value of an announced Valat "
                                                     "(Österreich-Finale 9)).")),
    "valat_silent": (Msg("Valat silent"), Msg("Factor or value of a silent Valat (Österreich-Finale 9)).")),
    "solo_premium_factor": (Msg("Premiums in solo games"), Msg("Factor of the premiums in solo games "
                                                                "(Österreich-Finale 8)).")),
    "silent_failed_costs": (Msg("Failed silent premiums cost"), Msg("A silent premium that fails costs half "
                                                                     "(Österreich-Finale 8)).")),
    "trischaken_rule": (Msg("Trischaken settled as"), Msg("oesterreich: Österreich-Finale 5); tirol: Tiroler Cup, "
                                                           "Abrechnung.")),
    "jungfrauen_share": (Msg("Two Jungfrauen share"), Msg("Two Jungfrauen share the winnings "
                                                           "(Österreich-Finale 5)).")),
    "kontra_counts_for_points": (Msg("Kontra counts for the points"),
                                 Msg("Kontra doubles the tournament points, not only the money (Tiroler Cup).")),
    "renonce_mode": (Msg("Renonce"), Msg("refuse: a Renonce is refused at the table; detect: it is played and "
                                         "settled (Österreich-Finale 10)).")),
    "match_deals": (Msg("Deals per match"), Msg("How many deals a match has.")),
    "tirol_trischaken_2x2": (Msg("Trischaken (2 × 2)"), Msg("2_to_each: 2 to each of the two others; 2_in_all: "
                                                             "2 in all (Tiroler Cup, Abrechnung).")),
    "besserrufer_ohne_vogel": (Msg("Besserrufer without a bird"), Msg("spiel_und_pagat: Spiel plus Pagat to each "
                                                                      "(Österreich-Finale 4)); renonce: the "
                                                                      "Renonce rule (Tiroler Cup).")),
}
