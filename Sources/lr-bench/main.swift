print("lr-bench")
