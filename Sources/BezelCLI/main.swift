print("bezel")
