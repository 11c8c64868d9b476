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
    "valat_mode": (Msg("Valat counts"), Msg("A Valat multiplies the game (Österreich-Finale 9)) or is a fixed "
                                            "premium on top of it (Tiroler Cup, Valat).")),
    "valat_announced": (Msg("Valat announced"), Msg("Factor or value of an announced Valat "
                                                     "(Österreich-Finale 9)).")),
    "valat_silent": (Msg("Valat silent"), Msg("Factor or value of a silent Valat (Österreich-Finale 9)).")),
    "solo_premium_factor": (Msg("Premiums in solo games"), Msg("Factor of the premiums in solo games "
                                                                "(Österreich-Finale 8)).")),
    "silent_failed_costs": (Msg("Failed silent premiums cost"), Msg("A silent premium that fails costs half "
                                                                     "(Österreich-Finale 8)).")),
    "trischaken_rule": (Msg("Trischaken settled as"), Msg("Who pays whom when all pass (Österreich-Finale 5); "
                                                           "Tiroler Cup, Abrechnung).")),
    "jungfrauen_share": (Msg("Two Jungfrauen share"), Msg("Two Jungfrauen share the winnings "
                                                           "(Österreich-Finale 5)).")),
    "kontra_counts_for_points": (Msg("Kontra counts for the points"),
                                 Msg("Kontra doubles the tournament points, not only the money (Tiroler Cup).")),
    "renonce_mode": (Msg("Renonce"), Msg("A Renonce that is a choice: refused at the table, or played and "
                                         "settled (Österreich-Finale 10)).")),
    "match_deals": (Msg("Deals per match"), Msg("How many deals a match has.")),
    "tirol_trischaken_2x2": (Msg("Trischaken (2 × 2)"), Msg("What each of the two with the most points pays, when "
                                                             "Trischaken is settled the Tyrolean way (Tiroler Cup, "
                                                             "Abrechnung).")),
    "besserrufer_ohne_vogel": (Msg("Besserrufer without a bird"), Msg("What a Besserrufer without the bird "
                                                                      "pays (Österreich-Finale 4); Tiroler Cup, "
                                                                      "Abrechnung).")),
}

#: option name -> {value: how players say it} (the lobby's choices)
OPTION_CHOICES = {
    "players": {4: Msg("4 players"), 5: Msg("5 players, the dealer sits out")},
    "valat_mode": {"multiply": Msg("multiplies the game"), "premium": Msg("as a fixed premium")},
    "trischaken_rule": {"oesterreich": Msg("as in the Österreich-Finale"), "tirol": Msg("as in the Tiroler Cup")},
    "tirol_trischaken_2x2": {"2_to_each": Msg("2 to each of the two others"), "2_in_all": Msg("2 in all")},
    "besserrufer_ohne_vogel": {"spiel_und_pagat": Msg("the game and the Pagat to each"),
                               "renonce": Msg("as a Renonce: the game to each")},
    "renonce_mode": {"refuse": Msg("refused at the table"), "detect": Msg("played and settled")},
}

#: the lobby's groups as the sheet groups the rules: (title, paragraph, option names)
OPTION_GROUPS = (
    (Msg("Table and match"), "Tiroler Cup, Paragrafen", ("players", "match_deals")),
    (Msg("Tariff"), "Österreich-Finale 3)", ("tariff", "vorhand_may_hold", "vorhand_four_kings_pass_on",
                                             "sechserdreier_lost_double")),
    (Msg("Trischaken"), "Österreich-Finale 5)", ("trischaken_rule", "tirol_trischaken_2x2", "jungfrauen_share")),
    (Msg("Premiums"), "Österreich-Finale 8)", ("premium_values", "solo_premium_factor", "silent_failed_costs")),
    (Msg("Valat"), "Österreich-Finale 9)", ("valat_mode", "valat_announced", "valat_silent")),
    (Msg("Play and Renonce"), "Österreich-Finale 10)", ("kaiserstich", "kaiserstich_order", "renonce_mode",
                                                         "besserrufer_ohne_vogel", "kontra_counts_for_points")),
)
