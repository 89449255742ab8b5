| just a comment
