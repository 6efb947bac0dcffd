"""What the dealer's kept games share (solo.py, forbes_board.py: the games whose board the
device keeps): a hint that survives running out of heap, and the error screen it leaves
on show until the next press. Imported with them, and dropped from sys.modules with them
(standalone.py): the game holds this module, and both go with it."""

import screens


class Kept:
    """A kept game's base. A subclass gives hint() (the engine's best move),
    draw_game(dealer), and for its picker _place() and menu_step(); it clears `note` at
    every press."""

    note = None  # an error code on show instead of the game ("MEM"), until a press

    def try_hint(self):
        """hint(), or None when it found no heap: the engine's search is the largest
        thing the game asks of the heap, so say so and keep every move entered (the
        dealer, left to it, would drop the game)."""
        try:
            return self.hint()
        except MemoryError:
            import gc

            gc.collect()
            self.note = "MEM"
            print("boardlight: out of memory for a hint")
            return None

    def press_picker(self, name, kind, choices):
        """A press in the picker, the same in both games: "next" steps through `choices`
        (the cursor's list), a long "next" jumps to the hint, a long "menu" places
        (_place), a short "menu" is the game's own step (menu_step). True when handled."""
        if name == "next":
            if kind == "long":
                best = self.try_hint()
                if best is not None:
                    self.cursor = choices.index(best)
            else:
                self.cursor = (self.cursor + 1) % len(choices)
            return True
        if name == "menu":
            if kind == "long":
                self._place()
            else:
                self.menu_step()
            return True
        return None

    def draw(self, dealer):
        """Draw what is on show on the dealer's display (standalone.Standalone) and show it."""
        if self.note is not None:
            screens.error(dealer.display, self.note)
            dealer._show()
            return
        self.draw_game(dealer)
