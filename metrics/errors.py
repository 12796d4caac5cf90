"""The one exception every metric raises on bad input."""


class MetricInputError(ValueError):
    """Raised when a metric is called with input it cannot score.

    The message always names the offending argument and says what is wrong
    with it, e.g. ``y_pred: expected 1-D labels, got shape (3, 2)``.
    It subclasses :class:`ValueError`, so code written against scikit-learn's
    conventions keeps working.
    """

    def __init__(self, argument: str, problem: str):
        self.argument = argument
        self.problem = problem
        super().__init__(f"{argument}: {problem}")
