"""Reads address 0: the process dies of SIGSEGV."""

import ctypes


def accuracy(y_true, y_pred):
    return ctypes.string_at(0)
