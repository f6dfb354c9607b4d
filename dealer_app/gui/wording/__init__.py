"""What the dealer's table shows in words, as plain values (no widgets): the one table of the
dealer's commands, their keys and labels (``commands``), the NEXT line and award lines
(``prompts``), what each seat, pot and log line shows (``rows``) and the engine's refusals
(``refusals``). The dealer's window, the review, the floor and the players' screen read
them; of ``gui`` this package imports only ``toolkit``."""
